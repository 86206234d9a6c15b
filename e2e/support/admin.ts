/** The administrator of the e2e server: registered on a first start, then granted the role with the admin command (dist/admin.js) by global-setup.ts. */
export const E2E_ADMIN = { username: 'e2e_admin', email: 'admin@e2e.duka.example', password: 'admin-pass-12345' };
