/**
 * What the share page may share (SPEC §4 'Submission eligibility'): the server's answer when the page
 * opens, each category's lock message, the summary dialog shown once when the answer arrives, and the
 * only open category preselected (also when a re-check after a refusal locks the chosen one).
 */
import type { Category } from '@shared/constants';
import { lockMessageFor } from '@shared/rules/eligibility';
import { useEffect, useMemo, useState } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import type { IdeaFormValues } from '../../idea-form';
import { toEligibility, useEligibility } from '../../ideas';

export function useShareEligibility(signedIn: boolean, form: UseFormReturn<IdeaFormValues>) {
  const query = useEligibility(signedIn);
  const [summaryOpen, setSummaryOpen] = useState(false);
  const [summaryShown, setSummaryShown] = useState(false);
  const { getValues, setValue } = form;

  const eligibility = useMemo(() => (query.data ? toEligibility(query.data) : null), [query.data]);
  const locks: Record<Category, string | null> = {
    idea: eligibility ? lockMessageFor('idea', eligibility.idea) : null,
    product: eligibility ? lockMessageFor('product', eligibility.product) : null,
  };

  // Eligibility check failures are only logged (SPEC §8); the server re-checks on submit.
  useEffect(() => {
    if (query.error) console.error('Eligibility check failed', query.error);
  }, [query.error]);

  // When the answer arrives: show the summary, once.
  useEffect(() => {
    if (!eligibility || summaryShown) return;
    setSummaryShown(true);
    setSummaryOpen(true);
  }, [eligibility, summaryShown]);

  useEffect(() => {
    if (eligibility?.preselect && eligibility[getValues('category')].locked) {
      setValue('category', eligibility.preselect, { shouldValidate: false });
    }
  }, [eligibility, getValues, setValue]);

  return {
    query,
    eligibility,
    locks,
    /** Still asking the server (only for a signed-in person). */
    checking: signedIn && query.isPending,
    profileIncomplete: query.data?.profileComplete === false,
    summaryOpen,
    setSummaryOpen,
  };
}
