import { normaliseEmail } from '@duka/core';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { getMailer } from '../mail';
import { passwordAttempt } from './limits';
import { verifyPassword } from './passwords';
import type { ProfileChanges } from './service';
import type { UserRow } from './user';

/**
 * A new e-mail address (which is where reset links go) needs the current password, so a stolen token alone
 * cannot take the account. Wrong passwords count in the account's back-off like logins. Returns whether
 * the change moves the address.
 */
export async function checkEmailChange(ctx: AppContext, user: UserRow, changes: ProfileChanges & { current_password?: string }): Promise<boolean> {
  if (changes.email === undefined || normaliseEmail(changes.email) === user.email) return false;
  const password = changes.current_password ?? '';
  if (!password) {
    throw new AppError('unprocessable', 'Enter your current password to change the e-mail', {
      'user.current_password': 'Enter your current password to change the e-mail',
    });
  }
  const guard = await passwordAttempt(ctx, user.id);
  if (!(await verifyPassword(user.passwordHash, password))) {
    throw new AppError('unprocessable', 'Your current password is not correct', { 'user.current_password': 'Not correct' });
  }
  await guard.passed();
  return true;
}

/** Tells the old address that the account's e-mail changed (a failure to send is logged, the change stays). */
export async function notifyEmailChanged(ctx: AppContext, log: FastifyBaseLogger, user: UserRow, oldEmail: string): Promise<void> {
  await getMailer(ctx)
    .send({
      account: user.id,
      platform: true,
      to: oldEmail,
      subject: 'The e-mail of your Duka account was changed',
      text:
        `Hello ${user.name},\n\nThe e-mail address of your Duka account '${user.username}' was changed from ${oldEmail} to ${user.email}. ` +
        `Password reset links now go to the new address.\n\nIf you did not make this change, reply to this e-mail or contact support at once.\n`,
    })
    .catch((err: unknown) => log.error({ err }, 'could not tell the old address about an e-mail change'));
}
