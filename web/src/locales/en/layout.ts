// The frame around every screen (sidebar, header, settings, tabs, the change-password dialog)
// and the coming-soon and not-found pages.
const layout = {
  // Sidebar, header and tabs
  group_general: 'General configuration',
  group_financial: 'Financial management',
  group_system: 'System management',
  collapse_sidebar: 'Collapse sidebar',
  expand_sidebar: 'Expand sidebar',
  promo_video: 'Intro video',
  settings: 'Settings',
  settings_title: 'Layout settings',
  setting_logo: 'Sidebar logo',
  setting_fixed_header: 'Fixed header',
  setting_tags_view: 'Tags view',
  personal_centre: 'Personal centre',
  change_password: 'Change password',
  logout: 'Log out',
  logout_confirm_title: 'Log out of Coffer?',
  logout_confirm_content: 'Signing in again needs your password and a verification code.',
  tab_close_others: 'Turn off other',
  tab_close_all: 'Close all',
  home: 'Home',

  // Change password dialog
  password_old: 'Current password',
  password_new: 'New password',
  password_verify: 'Confirm new password',
  incorrect_password_format: 'Incorrect password format',
  passwords_not_same: 'The two passwords are not the same',

  // Coming soon and not found
  coming_soon_title: '{{title}} arrives in a later release',
  coming_soon_desc: 'This screen is on the Coffer roadmap but not part of this version. It will show real data once it ships; nothing here is a placeholder figure.',
  not_found_title: 'Page not found',
  not_found_desc: 'This page does not exist, or your role has no access to it.',
  back_home: 'Back to home',
};

export default layout;
