import { ExternalLink } from 'lucide-react';
import { websiteLabel } from '@shared/rules/website-address';
import { Button } from '../../../components/ui/button';

/** The item's 'Website' as 'Visit' (issue 27): a link out that passes no ranking and no opener. */
export function WebsiteLink({ url }: { url: string }) {
  return (
    <div className="mt-4 flex flex-wrap items-center gap-3 border-t pt-4">
      <Button asChild variant="outline" size="sm">
        <a href={url} target="_blank" rel="nofollow ugc noopener">
          <ExternalLink aria-hidden /> Visit
          <span className="sr-only"> website (opens in a new tab)</span>
        </a>
      </Button>
      <span className="text-muted-foreground min-w-0 truncate text-sm">{websiteLabel(url)}</span>
    </div>
  );
}
