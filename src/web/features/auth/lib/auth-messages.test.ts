import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { GOOGLE_NOT_CONFIGURED, googleErrorDescription, newPasswordError } from './auth-messages';

describe('googleErrorDescription', () => {
  it('explains the errors Google sign-in can come back with', () => {
    expect(googleErrorDescription('account_not_linked')).toMatch(/already has an IdeaHub account/);
    expect(googleErrorDescription('REGISTRATIONS_CLOSED', 'whatever')).toBe('New registrations are closed at the moment. Please try again later.');
    expect(googleErrorDescription('oauth_provider_not_found')).toBe(GOOGLE_NOT_CONFIGURED);
    expect(googleErrorDescription('something_else', 'The provider said no.')).toBe('The provider said no.');
    expect(googleErrorDescription('something_else')).toBe('Google sign-in did not complete. Please try again.');
  });
});

describe('newPasswordError', () => {
  it('takes the message the server gave the new password field, whatever the endpoint calls it', () => {
    expect(newPasswordError(new ApiError(400, 'password_too_common', 'Too common.', { password: ['Too common.'] }))).toBe('Too common.');
    expect(newPasswordError(new ApiError(400, 'password_too_common', 'Too common.', { newPassword: ['Too common.'] }))).toBe('Too common.');
    expect(newPasswordError(new ApiError(403, 'registrations_closed', 'Closed.'))).toBeNull();
    expect(newPasswordError(new Error('network'))).toBeNull();
  });
});
