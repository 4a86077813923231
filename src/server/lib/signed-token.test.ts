import { describe, expect, it } from 'vitest';
import { signToken, verifyToken } from './signed-token.ts';

const key = Buffer.alloc(32, 7);

describe('signed tokens', () => {
  it('gives back the body of a token signed for the same purpose and key', () => {
    const token = signToken(key, 'ideahub-test', 'u.123');
    expect(token.startsWith('u.123.')).toBe(true);
    expect(verifyToken(key, 'ideahub-test', token)).toBe('u.123');
  });

  it('refuses another purpose, another key, a changed body or signature, and overlong tokens', () => {
    const token = signToken(key, 'ideahub-test', 'u.123');
    expect(verifyToken(key, 'ideahub-other', token)).toBeNull();
    expect(verifyToken(Buffer.alloc(32, 8), 'ideahub-test', token)).toBeNull();
    expect(verifyToken(key, 'ideahub-test', token.replace('u.123', 'u.124'))).toBeNull();
    const at = token.lastIndexOf('.') + 1;
    const flipped = `${token.slice(0, at)}${token[at] === 'A' ? 'B' : 'A'}${token.slice(at + 1)}`;
    expect(verifyToken(key, 'ideahub-test', flipped)).toBeNull();
    expect(verifyToken(key, 'ideahub-test', 'nosignature')).toBeNull();
    expect(verifyToken(key, 'ideahub-test', signToken(key, 'ideahub-test', 'x'.repeat(400)))).toBeNull();
  });
});
