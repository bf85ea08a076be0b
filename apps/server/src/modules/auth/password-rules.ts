import fs from 'node:fs';
import path from 'node:path';
import { passwordRuleViolation } from '@portal/contracts/auth';
import { MessageId, type TMessageId } from '@portal/contracts/messages';

const commonPasswords = new Set(
  fs
    .readFileSync(path.join(import.meta.dirname, 'password-lists', 'common-passwords.txt'), 'utf8')
    .split('\n')
    .filter(Boolean),
);

/**
 * Why a new password is refused, or null: the length rules shared with the browser, then
 * the 10,000 most common passwords and the username itself (ASVS 6.2.4, 6.2.11).
 */
export function newPasswordProblem(password: string, username: string): TMessageId | null {
  const lengthProblem = passwordRuleViolation(password);
  if (lengthProblem) return lengthProblem;
  const lowered = password.toLowerCase();
  if (commonPasswords.has(lowered) || lowered === username.trim().toLowerCase()) {
    return MessageId.passwordTooCommon;
  }
  return null;
}
