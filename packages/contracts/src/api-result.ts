import { z } from 'zod';

/** The shape of every answer that reports an outcome: `{ success, messageId }`. */
export const ZApiResult = z.object({
  success: z.boolean(),
  messageId: z.string(),
});
export type TApiResult = z.infer<typeof ZApiResult>;

/** The shape of every error answer; `message` is English, for operators and logs. */
export const ZApiError = ZApiResult.extend({
  success: z.literal(false),
  message: z.string(),
});
export type TApiError = z.infer<typeof ZApiError>;
