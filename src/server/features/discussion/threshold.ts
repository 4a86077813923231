/** The premium threshold in force: the admin setting premiumThreshold (default 20). */
import { PREMIUM_THRESHOLD } from '../../../shared/constants.ts';
import type { Db } from '../../db/client.ts';
import { type Logger, loggableError } from '../../logger.ts';
import { getPlatformSettings } from '../settings/service.ts';

/** The admin setting, or the default when it cannot be read (logged; SPEC §8: premium checks fail closed). */
export async function premiumThreshold(db: Db, logger: Logger): Promise<number> {
  try {
    return (await getPlatformSettings(db)).premiumThreshold;
  } catch (error) {
    logger.warn({ err: loggableError(error).message }, 'reading the premium threshold failed; using the default');
    return PREMIUM_THRESHOLD;
  }
}
