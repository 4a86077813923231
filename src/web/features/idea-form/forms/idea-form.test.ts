import { describe, expect, it } from 'vitest';
import { IMAGE_ADDRESS_MESSAGE } from '@shared/rules/image-address';
import type { OwnIdea } from '@shared/schemas/ideas';
import { authorNameError, formValuesOf, ideaFormSchema, toCreateInput, toUpdateInput, type IdeaFormValues } from './idea-form';

const valid: IdeaFormValues = {
  category: 'idea',
  title: 'Solar water pump',
  description: 'A pump that runs on sunlight for small farms.',
  price: '',
  currency: 'NGN',
  imageUrl: '',
  moreImages: [],
  websiteUrl: '',
  rating: '',
  projectDetails: '',
  topics: [],
};

function messagesByField(values: IdeaFormValues): Record<string, string[]> {
  const result = ideaFormSchema.safeParse(values);
  const out: Record<string, string[]> = {};
  for (const issue of result.success ? [] : result.error.issues) (out[String(issue.path[0])] ??= []).push(issue.message);
  return out;
}

describe('the share and edit form schema', () => {
  it('accepts a valid item; an empty price is saved as 0 and an empty rating as none', () => {
    expect(messagesByField(valid)).toEqual({});
    expect(toCreateInput(valid)).toMatchObject({ price: 0, rating: null, images: [], websiteUrl: null, projectDetails: null });
  });

  it('puts each message of the shared validator under its field', () => {
    expect(messagesByField({ ...valid, title: 'ab', description: '', price: '-1', rating: '5.1' })).toEqual({
      title: ['Title must be at least 5 characters long.', 'Title must contain meaningful words.'],
      description: ['Description is required.'],
      price: ['Price must be a valid number greater than or equal to 0.'],
      rating: ['Rating must be a number between 0.0 and 5.0.'],
    });
  });

  it('takes our upload addresses and public https image URLs only, with the server’s message under the field', () => {
    expect(IMAGE_ADDRESS_MESSAGE).toBe('Please use a public https image address.');
    expect(messagesByField({ ...valid, imageUrl: '/storage/idea-images/a.webp' })).toEqual({});
    expect(messagesByField({ ...valid, imageUrl: 'https://example.com/a.png' })).toEqual({});
    for (const imageUrl of ['javascript:alert(1)', 'not a url', 'http://example.com/a.png', 'https://127.0.0.1/a.png', 'https://[::1]/a.png', 'https://192.168.1.1/a.png', 'https://router/a.png']) {
      expect(messagesByField({ ...valid, imageUrl }), imageUrl).toEqual({ imageUrl: [IMAGE_ADDRESS_MESSAGE] });
    }
  });

  it('checks the profile name as the author name', () => {
    expect(authorNameError('Ada Obi')).toBeNull();
    expect(authorNameError(null)).toBeNull();
    expect(authorNameError('Ada 0bi')).toBe('Author name must contain only letters and spaces.');
  });

  it('round-trips an item through the edit form, without project details in the update', () => {
    const ownIdea: OwnIdea = {
      id: '0b0e2a53-8a31-4c59-9d0e-7c1f4f1f2a10',
      title: 'Solar water pump',
      excerpt: '',
      description: 'A pump that runs on sunlight for small farms.',
      projectDetails: 'Phase one',
      topics: [],
      images: [],
      websiteUrl: null,
      price: 12.5,
      currency: 'USD',
      category: 'product',
      imageUrl: null,
      thumbnailUrl: null,
      rating: 4.5,
      likeCount: 0,
      commentCount: 0,
      ratingAverage: null,
      ratingCount: 0,
      createdAt: '2026-11-21T09:00:00.000Z',
      creator: { id: 'user-1', name: 'Ada', avatarUrl: null, contactInfo: null },
    };
    const values = formValuesOf(ownIdea);
    expect(values).toMatchObject({ price: '12.5', rating: '4.5', imageUrl: '', category: 'product' });
    expect(toUpdateInput(values)).toEqual({
      category: 'product',
      title: 'Solar water pump',
      description: 'A pump that runs on sunlight for small farms.',
      price: '12.5',
      currency: 'USD',
      images: [],
      websiteUrl: null,
      rating: '4.5',
      topics: [],
    });
  });
});
