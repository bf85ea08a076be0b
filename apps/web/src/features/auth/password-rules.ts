import { MessageId } from '@portal/contracts/messages';

const rules: readonly string[] = [
  MessageId.passwordTooShort,
  MessageId.passwordTooLong,
  MessageId.passwordTooCommon,
];

/** Whether a message id says which password rule was broken (P001 to P003). */
export function isPasswordRule(messageId: string): boolean {
  return rules.includes(messageId);
}
