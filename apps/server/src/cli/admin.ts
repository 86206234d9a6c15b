import type { Db } from '../db/connect';
import { auditLog, grantAdmin, listAdmins, revokeAdmin } from '../lib/admin';
import { AppError } from '../lib/errors';

export const ADMIN_USAGE = `Usage: npm run admin -- <command>
  grant <username>    make the account an administrator (announcements, affiliate payouts)
  revoke <username>   take the role away
  list                the administrators
  log [count]         the newest entries of the admin audit log (default 50)`;

export interface CliResult {
  code: number;
  output: string;
}

/**
 * The operator's admin command (issue 22): grants and revokes the admin role by username, lists admins and
 * shows the audit log. `by` names the operator in the audit log (cli:<os user>).
 */
export async function runAdminCommand(db: Db, args: string[], by: string): Promise<CliResult> {
  const [command, arg] = args;
  try {
    switch (command) {
      case 'grant':
      case 'revoke': {
        if (!arg?.trim()) return { code: 2, output: `${command}: give the account's username.\n${ADMIN_USAGE}` };
        const r = command === 'grant' ? await grantAdmin(db, arg, by) : await revokeAdmin(db, arg, by);
        const output =
          command === 'grant'
            ? r.changed
              ? `${r.username} is now an administrator.`
              : `${r.username} was already an administrator.`
            : r.changed
              ? `${r.username} is no longer an administrator.`
              : `${r.username} was not an administrator.`;
        return { code: 0, output };
      }
      case 'list': {
        const rows = await listAdmins(db);
        if (!rows.length) return { code: 0, output: 'No administrators yet. Grant the role with: npm run admin -- grant <username>' };
        return {
          code: 0,
          output: rows.map((r) => `${r.username}\t${r.email}\tgranted ${r.grantedAt.toISOString()} by ${r.grantedBy}`).join('\n'),
        };
      }
      case 'log': {
        const n = arg ? Number(arg) : 50;
        if (!Number.isInteger(n) || n < 1 || n > 10_000) return { code: 2, output: 'log: the count is a whole number from 1 to 10000.' };
        const rows = await auditLog(db, n);
        if (!rows.length) return { code: 0, output: 'The admin audit log is empty.' };
        return {
          code: 0,
          output: rows.map((r) => `${r.at.toISOString()}\t${r.actor}\t${r.action}\t${r.target}\t${JSON.stringify(r.details)}`).join('\n'),
        };
      }
      default:
        return { code: 2, output: ADMIN_USAGE };
    }
  } catch (err) {
    if (err instanceof AppError) return { code: 1, output: err.message };
    throw err;
  }
}
