import { describe, expect, it } from 'vitest';
import {
  PROFILE_MESSAGES,
  PROFILE_TEXT_FIELDS,
  profileFormSchema,
  profileFormToUpdate,
  profileToFormValues,
  profileUpdateSchema,
  skillsFromText,
  type Profile,
} from './profile.ts';

describe('skills', () => {
  it('comma-separated text becomes a list, empty becomes null', () => {
    expect(skillsFromText(' design, solar ,, farming ')).toEqual(['design', 'solar', 'farming']);
    expect(skillsFromText(' , ,')).toBeNull();
    expect(skillsFromText('')).toBeNull();
  });
});

describe('profileUpdateSchema', () => {
  it('cleans the full name and turns empty optional fields into null', () => {
    const parsed = profileUpdateSchema.parse({ fullName: '  ada   LOVELACE 🚀!!! ', phone: '  ', bio: ' Builds engines ', skills: [' a ', ''] });
    expect(parsed).toMatchObject({ fullName: 'Ada Lovelace', phone: null, bio: 'Builds engines', skills: ['a'] });
    expect(profileUpdateSchema.parse({ skills: [] }).skills).toBeNull();
    expect(profileUpdateSchema.parse({}).fullName).toBeUndefined();
  });

  it('joins the name messages with a space (SPEC §5)', () => {
    const result = profileUpdateSchema.safeParse({ fullName: '7' });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.message)).toEqual([
      'Full name must contain only letters and spaces. Full name must be at least 2 characters long.',
    ]);
  });

  it('limits every text field with a message naming it', () => {
    for (const [field, { max, label }] of Object.entries(PROFILE_TEXT_FIELDS)) {
      const value = field === 'fullName' ? 'A'.repeat(max + 1) : 'x'.repeat(max + 1);
      const result = profileUpdateSchema.safeParse({ [field]: value });
      expect(result.success, field).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(`${label} must be at most ${max} characters.`);
      expect(profileUpdateSchema.safeParse({ [field]: field === 'fullName' ? 'A'.repeat(max) : 'x'.repeat(max) }).success, field).toBe(true);
    }
    expect(profileUpdateSchema.safeParse({ skills: Array.from({ length: 31 }, (_, i) => `s${i}`) }).error?.issues[0]?.message).toBe(
      PROFILE_MESSAGES.tooManySkills,
    );
    expect(profileUpdateSchema.safeParse({ skills: ['x'.repeat(51)] }).error?.issues[0]?.message).toBe(PROFILE_MESSAGES.skillTooLong);
  });
});

describe('the profile form', () => {
  const profile: Profile = {
    id: 'p1',
    userId: 'u1',
    fullName: 'Ada Lovelace',
    email: 'ada@example.test',
    contactInfo: null,
    phone: '0803',
    bio: null,
    industry: null,
    educationStatus: null,
    address: null,
    country: 'Nigeria',
    state: null,
    lga: null,
    skills: ['maths', 'engines'],
    bankName: null,
    bankAccountNumber: null,
    bankAccountName: null,
    nextOfKinName: null,
    nextOfKinPhone: null,
    createdAt: new Date(0).toISOString(),
    updatedAt: new Date(0).toISOString(),
    photoUrl: null,
    avatarUrl: null,
  };

  it('round-trips a profile through the form values into an update the server accepts', () => {
    const values = profileToFormValues(profile);
    expect(values.skills).toBe('maths, engines');
    expect(values.contactInfo).toBe('');
    expect(profileFormSchema.safeParse(values).success).toBe(true);
    const update = profileUpdateSchema.parse(profileFormToUpdate(values));
    expect(update).toMatchObject({ fullName: 'Ada Lovelace', phone: '0803', contactInfo: null, skills: ['maths', 'engines'] });
  });

  it('shows the same name message as the server', () => {
    const result = profileFormSchema.safeParse({ ...profileToFormValues(profile), fullName: 'R2D2' });
    expect(result.error?.issues[0]?.message).toBe('Full name must contain only letters and spaces.');
  });
});
