/**
 * The profile (SPEC §3 profile, §2 Profile, §5 'Profile save'): the API's response and update
 * schemas and the profile form's schema, built from one table of fields, limits and messages so
 * the browser and the server check exactly the same things.
 */
import { z } from 'zod';
import { validateProfileName } from '../validation/profile-name.ts';

/** Every editable text field: its label (as the form shows it) and its server-side length limit. */
export const PROFILE_TEXT_FIELDS = {
  fullName: { label: 'Full name', max: 100 },
  contactInfo: { label: 'Contact info', max: 200 },
  phone: { label: 'Phone', max: 30 },
  bio: { label: 'Bio', max: 1000 },
  industry: { label: 'Industry', max: 100 },
  educationStatus: { label: 'Education status', max: 100 },
  address: { label: 'Address', max: 300 },
  country: { label: 'Country', max: 100 },
  state: { label: 'State', max: 100 },
  lga: { label: 'LGA', max: 100 },
  bankName: { label: 'Bank name', max: 100 },
  bankAccountNumber: { label: 'Account number', max: 34 },
  bankAccountName: { label: 'Account name', max: 100 },
  nextOfKinName: { label: 'Next of kin name', max: 100 },
  nextOfKinPhone: { label: 'Next of kin phone', max: 30 },
} as const;

export type ProfileTextField = keyof typeof PROFILE_TEXT_FIELDS;
/** The optional text fields (every text field but the full name). */
export type ProfileOptionalTextField = Exclude<ProfileTextField, 'fullName'>;

export const PROFILE_OPTIONAL_TEXT_FIELDS = (Object.keys(PROFILE_TEXT_FIELDS) as ProfileTextField[]).filter(
  (k): k is ProfileOptionalTextField => k !== 'fullName',
);

export const SKILLS_MAX_ITEMS = 30;
export const SKILL_MAX_LENGTH = 50;
/** The comma-separated skills box of the form. */
export const SKILLS_TEXT_MAX_LENGTH = SKILLS_MAX_ITEMS * (SKILL_MAX_LENGTH + 2);

export const PROFILE_MESSAGES = {
  fullNameRequired: 'Full name is required.',
  tooLong: (field: ProfileTextField) =>
    `${PROFILE_TEXT_FIELDS[field].label} must be at most ${PROFILE_TEXT_FIELDS[field].max} characters.`,
  tooManySkills: `Please list at most ${SKILLS_MAX_ITEMS} skills.`,
  skillTooLong: `Each skill must be at most ${SKILL_MAX_LENGTH} characters.`,
  skillsTooLong: `Skills must be at most ${SKILLS_TEXT_MAX_LENGTH} characters.`,
} as const;

/** 'design, solar , , farming' → ['design', 'solar', 'farming']; nothing → null (SPEC §3). */
export function skillsFromText(text: string): string[] | null {
  const items = text
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s.length > 0);
  return items.length > 0 ? items : null;
}

export function skillsToText(skills: readonly string[] | null | undefined): string {
  return skills?.join(', ') ?? '';
}

const fullNameInput = z
  .string({ error: PROFILE_MESSAGES.fullNameRequired })
  .max(PROFILE_TEXT_FIELDS.fullName.max, PROFILE_MESSAGES.tooLong('fullName'))
  .transform((value, ctx) => {
    const result = validateProfileName(value);
    if (!result.valid) {
      // SPEC §5: the messages joined with a space, as one message.
      ctx.addIssue({ code: 'custom', message: result.message });
      return z.NEVER;
    }
    return result.cleaned;
  });

/** An optional text field: trimmed, empty saved as null. */
function optionalText(field: ProfileOptionalTextField) {
  return z
    .string()
    .max(PROFILE_TEXT_FIELDS[field].max, PROFILE_MESSAGES.tooLong(field))
    .nullable()
    .optional()
    .transform((v) => (v === undefined ? undefined : v === null || v.trim() === '' ? null : v.trim()));
}

const skillsInput = z
  .array(z.string().max(SKILL_MAX_LENGTH, PROFILE_MESSAGES.skillTooLong))
  .max(SKILLS_MAX_ITEMS, PROFILE_MESSAGES.tooManySkills)
  .nullable()
  .optional()
  .transform((v) => (v === undefined ? undefined : v === null ? null : skillsFromText(v.join(','))));

/**
 * PATCH /api/profile: any subset of the editable fields. Email is not editable
 * ('Email cannot be changed') and is ignored if sent.
 */
export const profileUpdateSchema = z.object({
  fullName: fullNameInput.optional(),
  contactInfo: optionalText('contactInfo'),
  phone: optionalText('phone'),
  bio: optionalText('bio'),
  industry: optionalText('industry'),
  educationStatus: optionalText('educationStatus'),
  address: optionalText('address'),
  country: optionalText('country'),
  state: optionalText('state'),
  lga: optionalText('lga'),
  skills: skillsInput,
  bankName: optionalText('bankName'),
  bankAccountNumber: optionalText('bankAccountNumber'),
  bankAccountName: optionalText('bankAccountName'),
  nextOfKinName: optionalText('nextOfKinName'),
  nextOfKinPhone: optionalText('nextOfKinPhone'),
});
export type ProfileUpdateInput = z.input<typeof profileUpdateSchema>;
export type ProfileUpdate = z.output<typeof profileUpdateSchema>;

/** A whole profile, as its owner (or an admin) receives it. */
export const profileSchema = z.object({
  id: z.string(),
  userId: z.string(),
  fullName: z.string().nullable(),
  email: z.string(),
  contactInfo: z.string().nullable(),
  phone: z.string().nullable(),
  bio: z.string().nullable(),
  industry: z.string().nullable(),
  educationStatus: z.string().nullable(),
  address: z.string().nullable(),
  country: z.string().nullable(),
  state: z.string().nullable(),
  lga: z.string().nullable(),
  skills: z.array(z.string()).nullable(),
  bankName: z.string().nullable(),
  bankAccountNumber: z.string().nullable(),
  bankAccountName: z.string().nullable(),
  nextOfKinName: z.string().nullable(),
  nextOfKinPhone: z.string().nullable(),
  /** The profile 'Photo' (a square image, 512 px); null: none, the avatar shows initials. */
  photoUrl: z.string().nullable(),
  /** Its small square version, what avatars load. */
  avatarUrl: z.string().nullable(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type Profile = z.infer<typeof profileSchema>;

/** POST and DELETE /api/profile/photo answer: the photo now (both null once removed). */
export const profilePhotoSchema = z.object({ photoUrl: z.string().nullable(), avatarUrl: z.string().nullable() });
export type ProfilePhoto = z.infer<typeof profilePhotoSchema>;
/** The multipart upload's address (its body limit is its own, like item images'). */
export const PROFILE_PHOTO_PATH = '/api/profile/photo';

export const profileUserIdParamsSchema = z.object({
  userId: z.string().min(1).max(100),
});

/** The profile form: every field is text (skills as comma-separated text). */
const formText = (field: ProfileOptionalTextField) =>
  z.string().max(PROFILE_TEXT_FIELDS[field].max, PROFILE_MESSAGES.tooLong(field));

export const profileFormSchema = z.object({
  fullName: z
    .string()
    .max(PROFILE_TEXT_FIELDS.fullName.max, PROFILE_MESSAGES.tooLong('fullName'))
    .superRefine((value, ctx) => {
      const result = validateProfileName(value);
      if (!result.valid) ctx.addIssue({ code: 'custom', message: result.message });
    }),
  contactInfo: formText('contactInfo'),
  phone: formText('phone'),
  bio: formText('bio'),
  industry: formText('industry'),
  educationStatus: formText('educationStatus'),
  address: formText('address'),
  country: formText('country'),
  state: formText('state'),
  lga: formText('lga'),
  skills: z
    .string()
    .max(SKILLS_TEXT_MAX_LENGTH, PROFILE_MESSAGES.skillsTooLong)
    .superRefine((value, ctx) => {
      const items = skillsFromText(value) ?? [];
      if (items.length > SKILLS_MAX_ITEMS) ctx.addIssue({ code: 'custom', message: PROFILE_MESSAGES.tooManySkills });
      if (items.some((s) => s.length > SKILL_MAX_LENGTH)) ctx.addIssue({ code: 'custom', message: PROFILE_MESSAGES.skillTooLong });
    }),
  bankName: formText('bankName'),
  bankAccountNumber: formText('bankAccountNumber'),
  bankAccountName: formText('bankAccountName'),
  nextOfKinName: formText('nextOfKinName'),
  nextOfKinPhone: formText('nextOfKinPhone'),
});
export type ProfileFormValues = z.infer<typeof profileFormSchema>;

export function profileToFormValues(profile: Profile): ProfileFormValues {
  const values = { fullName: profile.fullName ?? '', skills: skillsToText(profile.skills) } as ProfileFormValues;
  for (const field of PROFILE_OPTIONAL_TEXT_FIELDS) values[field] = profile[field] ?? '';
  return values;
}

/** What the form sends: the API input (the server cleans and checks it again). */
export function profileFormToUpdate(values: ProfileFormValues): ProfileUpdateInput {
  const update: ProfileUpdateInput = { fullName: values.fullName, skills: skillsFromText(values.skills) };
  for (const field of PROFILE_OPTIONAL_TEXT_FIELDS) update[field] = values[field].trim() === '' ? null : values[field].trim();
  return update;
}
