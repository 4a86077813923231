/** An item's topics as links to their pages (cards and details; issue 27 point 3). */
import { topicHref } from '@shared/constants';
import type { TopicRef } from '@shared/schemas/topics';
import { Link } from 'react-router';

export function TopicLinks({ topics, className = '' }: { topics: readonly TopicRef[]; className?: string }) {
  if (topics.length === 0) return null;
  return (
    <ul aria-label="Topics" className={`flex flex-wrap gap-1.5 ${className}`}>
      {topics.map((t) => (
        <li key={t.slug}>
          {/* Above a card's title overlay, so the topic opens its own page (styles/index.css, topic-chip). */}
          <Link
            to={topicHref(t.slug)}
            className="topic-chip"
          >
            {t.name}
          </Link>
        </li>
      ))}
    </ul>
  );
}
