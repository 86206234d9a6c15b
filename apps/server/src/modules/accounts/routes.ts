import { LOGIN_FAILED_MESSAGE } from '@duka/core';
import type { Module } from '../../lib/context';
import { routesOf } from '../../lib/route';
import { AppError } from '../../lib/errors';
import { getFiles, userPrefix } from '../files';
import { getMailer } from '../mail';
import { uploadIpLimit } from '../../lib/user-limits';
import { checkEmailChange, notifyEmailChanged } from './email-change';
import { nameStoredCountryCodes } from './country-names';
import { createDevices, LOGIN_LINK_TTL_MS } from './device';
import { accountLimit, chargeUser, ipLimit, loginAttempt, passwordAttempt, userLimit } from './limits';
import { readMultipartUpdate, storeLogo } from './logo';
import {
  authenticate,
  changePassword,
  createResetToken,
  deleteUser,
  ownUser,
  RESET_TTL_MS,
  registerUser,
  resetPassword,
  type ProfileChanges,
  updateProfile,
} from './service';
import { findUserById, findUserByLogin, toApiUser } from './user';
import { resetEmail } from './reset-mail';

export const accountsRoutes: Module = (app, ctx) => {
  const devices = createDevices(ctx.config);
  const route = routesOf(app, ctx, 'accounts');
  // Accounts stored with a country code ("KE") get the country's name (issue 23), once.
  app.addHook('onReady', async () => {
    const n = await nameStoredCountryCodes(ctx);
    if (n) app.log.info(`Country of ${n} accounts stored by its name instead of its ISO code`);
  });
  route(
    'POST /users',
    async (request, reply) => {
      const user = await registerUser(ctx.db, ctx.registry, request.body.user, { ref: request.query.ref, credit: ctx.config.aiFreeCredit });
      const token = await ctx.tokens.sign(user.id, user.tokenVersion);
      return reply.status(201).send({ token });
    },
    {
      ...ipLimit(ctx, 'register'),
      preHandler: accountLimit(app, ctx, 'register', (r) => (r.body as { user: { email: string } }).user.email),
      summary: 'Register; ref is the affiliate code kept on the new user',
      status: [201],
      errors: [400, 409, 429],
    },
  );

  route(
    'POST /user_token',
    async (request, reply) => {
      const login = request.body.auth.email;
      // One account, whether it is named by username or e-mail; a device it logged in from before is let through.
      const account = await findUserByLogin(ctx.db, login);
      const device = account ? await devices.known(request, account.id) : null;
      const guard = await loginAttempt(ctx, request, account?.id ?? `login:${login}`, device);
      const user = await authenticate(ctx.db, login, request.body.auth.password);
      if (!user) throw new AppError('invalid_credentials', LOGIN_FAILED_MESSAGE);
      await guard.passed();
      if (!device) reply.header('set-cookie', await devices.cookie(user.id));
      return { user: toApiUser(user), jwt: await ctx.tokens.sign(user.id, user.tokenVersion) };
    },
    { ...ipLimit(ctx, 'login'), summary: 'Log in with the username or the e-mail address', errors: [400, 401, 429] },
  );

  route(
    'POST /users/login-link',
    async (request) => {
      const user = await findUserByLogin(ctx.db, request.body.user.email);
      if (user) {
        const token = await devices.linkToken(user.id, user.tokenVersion);
        const link = `${ctx.config.publicUrl}/login-link?token=${encodeURIComponent(token)}`;
        const mailer = getMailer(ctx);
        const sending = mailer.send({
          account: user.id,
          platform: true,
          to: user.email,
          subject: 'Your Duka login link',
          text:
            `Hello ${user.name},\n\nSomeone (hopefully you) asked for a link to log in to your Duka account '${user.username}' ` +
            `without the password. Open this link on the device you want to use:\n\n${link}\n\n` +
            `The link works once and expires in ${LOGIN_LINK_TTL_MS / 60_000} minutes. If you did not ask for it, ignore this e-mail: ` +
            `someone may be trying to guess your password, and they still cannot log in.\n`,
        });
        // As for reset links: the answer's timing must not tell whether the account exists.
        if (mailer.transport === 'smtp') sending.catch((err: unknown) => request.log.error({ err }, 'could not send the login link e-mail'));
        else await sending;
      }
      return { message: 'If an account exists for that name, we have sent it a login link. Please check your e-mail.' };
    },
    {
      ...ipLimit(ctx, 'loginLink'),
      preHandler: accountLimit(app, ctx, 'loginLink', (r) => (r.body as { user: { email: string } }).user.email),
      summary: 'Mail a one-time login link valid 15 minutes (for an owner kept waiting by failed logins; same answer whether or not the account exists)',
      errors: [400, 429],
    },
  );

  route(
    'POST /users/login-link/redeem',
    async (request, reply) => {
      const claim = await devices.redeemLink(ctx.db, request.body.token);
      const user = claim && (await findUserById(ctx.db, claim.userId));
      // A password change since the link was sent voids it.
      if (!claim || !user || user.tokenVersion !== claim.tokenVersion) {
        throw new AppError('unprocessable', 'This login link is invalid, was already used or has expired. Please ask for a new one.', {
          token: 'Invalid or expired',
        });
      }
      reply.header('set-cookie', await devices.cookie(user.id));
      return { user: toApiUser(user), jwt: await ctx.tokens.sign(user.id, user.tokenVersion) };
    },
    {
      ...ipLimit(ctx, 'redeemLink'),
      summary: "Log in with the token of a mailed login link (once); this browser becomes one of the account's devices",
      errors: [400, 422, 429],
    },
  );

  route(
    'PATCH /users/:username',
    async (request) => {
      let user = await ownUser(ctx.db, request.userId, request.params.username);
      let fields: ProfileChanges;
      let logo: Buffer | undefined;
      if (request.isMultipart()) ({ fields, logo } = await readMultipartUpdate(request));
      else if (!request.body) throw new AppError('validation_failed', 'user: Required', { user: 'Required' });
      else fields = request.body.user;
      const oldEmail = user.email;
      const oldLanguage = user.language;
      const emailChange = await checkEmailChange(ctx, user, fields);
      user = await updateProfile(ctx.db, user, fields);
      if (user.language !== oldLanguage) for (const hook of ctx.registry.onLanguageChanged) await hook(user.id);
      if (emailChange && user.email !== oldEmail) await notifyEmailChanged(ctx, request.log, user, oldEmail);
      if (logo) user = await storeLogo(ctx, user, logo);
      return toApiUser(user);
    },
    {
      // Authenticated before the body is read: only signed-in users may send the larger multipart body.
      preHandler: async (request) => {
        if (request.isMultipart()) await chargeUser(ctx, request.userId, 'uploads');
      },
      ...uploadIpLimit(ctx),
      summary:
        'Update the own profile: JSON {user:{…}}, or multipart with the file user[logo] (PNG, JPEG or WebP, ≤ 5 MB). A new email needs current_password; the old address is told.',
      schema: { consumes: ['application/json', 'multipart/form-data'] },
      errors: [400, 401, 404, 409, 413, 415, 422, 429],
    },
  );

  route(
    'POST /users/change-password',
    async (request) => {
      const guard = await passwordAttempt(ctx, request.userId);
      const tokenVersion = await changePassword(ctx.db, request.userId, request.body.user.old_password, request.body.user.password);
      await guard.passed();
      ctx.tokens.versions.set(request.userId, tokenVersion);
      return { message: 'Password changed', jwt: await ctx.tokens.sign(request.userId, tokenVersion) };
    },
    {
      ...ipLimit(ctx, 'password'),
      preHandler: userLimit(ctx, 'changePassword'),
      summary: 'Change the password; other devices are signed out, this one gets a new token',
      errors: [400, 401, 422, 429],
    },
  );

  route(
    'POST /users/iforgot',
    async (request) => {
      const found = await createResetToken(ctx.db, request.body.user.email, new Date());
      if (found) {
        const link = `${ctx.config.publicUrl}/reset-password?token=${encodeURIComponent(found.token)}`;
        const minutes = RESET_TTL_MS / 60_000;
        const mailer = getMailer(ctx);
        const sending = mailer.send({
          account: found.user.id,
          platform: true,
          to: found.user.email,
          // In the user's language (issue 23).
          ...resetEmail(found.user, link, minutes),
        });
        // Over SMTP the answer does not wait for delivery: its timing must not tell whether the account exists.
        if (mailer.transport === 'smtp') sending.catch((err: unknown) => request.log.error({ err }, 'could not send the password reset e-mail'));
        else await sending;
      }
      return { message: 'If an account exists for that address, we have sent it a link to reset the password. Please check your e-mail.' };
    },
    {
      ...ipLimit(ctx, 'iforgot'),
      preHandler: accountLimit(app, ctx, 'iforgot', (r) => (r.body as { user: { email: string } }).user.email),
      summary: 'Mail a password reset link valid for 1 hour (same answer whether or not the account exists)',
      errors: [400, 429],
    },
  );

  route(
    'POST /users/reset-password',
    async (request) => {
      const { userId, tokenVersion } = await resetPassword(ctx.db, request.body.user.token, request.body.user.password, new Date());
      ctx.tokens.versions.set(userId, tokenVersion);
      return { message: 'Your password has been reset. You can now log in with the new password.' };
    },
    {
      ...ipLimit(ctx, 'reset'),
      preHandler: accountLimit(app, ctx, 'reset', (r) => (r.body as { user: { token: string } }).user.token),
      summary: 'Set a new password with the token from the reset link; signs out every device',
      errors: [400, 422, 429],
    },
  );

  route(
    'DELETE /users/delete',
    async (request) => {
      const userId = request.userId;
      for (const hook of ctx.registry.beforeUserDelete) await hook(userId);
      await deleteUser(ctx.db, userId);
      ctx.tokens.versions.delete(userId);
      await getFiles(ctx)
        .deletePrefix(userPrefix(userId))
        .catch((err: unknown) => request.log.error({ err, userId }, 'could not delete the files of a deleted user'));
      return { message: 'Your account and all its data have been deleted' };
    },
    { summary: 'Delete the account with all its data and files', errors: [401] },
  );
};
