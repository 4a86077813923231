import { createRoute, type OpenAPIHono } from '@hono/zod-openapi';
import { cooldownHours } from '../../../shared/rules/eligibility.ts';
import { publicConfigSchema } from '../../../shared/schemas/ideas.ts';
import type { AppEnv } from '../../app-env.ts';
import { allowedImageTypes, maxUploadBytes } from '../ideas/index.ts';
import { getPlatformSettings } from '../../lib/platform-settings.ts';

const configRoute = createRoute({
  method: 'get',
  path: '/api/config',
  tags: ['settings'],
  summary: 'Public settings the screens need: coupon redeem page, premium threshold, cooldowns, upload limits',
  responses: {
    200: { description: 'The public settings', content: { 'application/json': { schema: publicConfigSchema } } },
  },
});

export function registerSettingsRoutes(app: OpenAPIHono<AppEnv>) {
  app.openapi(configRoute, async (c) => {
    const settings = await getPlatformSettings(c.var.db);
    c.header('Cache-Control', 'no-cache');
    return c.json(
      {
        couponRedeemUrl: c.var.config.COUPON_REDEEM_URL ?? null,
        premiumThreshold: settings.premiumThreshold,
        ideaCooldownHours: cooldownHours('idea', settings),
        productCooldownHours: cooldownHours('product', settings),
        maxUploadBytes: maxUploadBytes(settings),
        allowedImageTypes: allowedImageTypes(settings),
        payments: c.var.config.PAYMENTS,
      },
      200,
    );
  });
}
