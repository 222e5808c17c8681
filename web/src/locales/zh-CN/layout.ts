import type { TranslationOf } from '../types';
import type layout from '../en/layout';

// The frame around every screen (sidebar, header, settings, tabs, the change-password dialog)
// and the home, coming-soon and not-found pages.
const layoutZhCN: TranslationOf<typeof layout> = {
  // Sidebar, header and tabs
  group_general: '通用配置',
  group_financial: '财务管理',
  group_system: '系统管理',
  collapse_sidebar: '收起侧边栏',
  expand_sidebar: '展开侧边栏',
  promo_video: '介绍视频',
  settings: '设置',
  settings_title: '布局设置',
  setting_logo: '侧边栏 Logo',
  setting_fixed_header: '固定头部',
  setting_tags_view: '标签栏',
  personal_centre: '个人中心',
  change_password: '修改密码',
  logout: '退出登录',
  logout_confirm_title: '确定退出 Coffer 吗？',
  logout_confirm_content: '再次登录需要密码和验证码。',
  tab_close_others: '关闭其他',
  tab_close_all: '关闭全部',
  home: '首页',

  // Change password dialog
  password_old: '当前密码',
  password_new: '新密码',
  password_verify: '确认新密码',
  incorrect_password_format: '密码格式不正确',
  passwords_not_same: '两次输入的密码不一致',

  // Coming soon and not found
  coming_soon_title: '{{title}} 将在后续版本上线',
  coming_soon_desc: '此页面已在 Coffer 的规划中，但不属于当前版本。上线后将显示真实数据；这里不展示任何占位数字。',
  not_found_title: '页面不存在',
  not_found_desc: '此页面不存在，或您的角色无权访问。',
  back_home: '返回首页',
};

export default layoutZhCN;
