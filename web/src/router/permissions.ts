// Permission buttons (menu type F) of docs/menus.md. A button shows iff roleList holds its id.
export const PERMISSIONS = {
  ipRequest: '70101',
  ipDelete: '70102',
  accountAdd: '70201',
  accountEdit: '70202',
  accountResetPassword: '70203',
  accountDelete: '70204',
  roleAdd: '70301',
  roleEdit: '70302',
  roleDelete: '70303',
} as const;
