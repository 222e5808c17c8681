import type { TranslationOf } from '../types';
import type layout from '../en/layout';

// The frame around every screen (sidebar, header, settings, tabs, the change-password dialog)
// and the home, coming-soon and not-found pages.
const layoutZhHK: TranslationOf<typeof layout> = {
  // Sidebar, header and tabs
  group_general: '通用配置',
  group_financial: '財務管理',
  group_system: '系統管理',
  collapse_sidebar: '收起側邊欄',
  expand_sidebar: '展開側邊欄',
  promo_video: '介紹影片',
  settings: '設定',
  settings_title: '版面設定',
  setting_logo: '側邊欄 Logo',
  setting_fixed_header: '固定頁首',
  setting_tags_view: '標籤列',
  personal_centre: '個人中心',
  change_password: '修改密碼',
  logout: '登出',
  logout_confirm_title: '確定登出 Coffer 嗎？',
  logout_confirm_content: '再次登入需要密碼和驗證碼。',
  tab_close_others: '關閉其他',
  tab_close_all: '關閉全部',
  home: '首頁',

  // Change password dialog
  password_old: '目前密碼',
  password_new: '新密碼',
  password_verify: '確認新密碼',
  incorrect_password_format: '密碼格式不正確',
  passwords_not_same: '兩次輸入的密碼不一致',

  // Coming soon and not found
  coming_soon_title: '{{title}} 將在後續版本上線',
  coming_soon_desc: '此頁面已在 Coffer 的規劃中，但不屬於目前版本。上線後將顯示真實數據；這裏不展示任何佔位數字。',
  not_found_title: '頁面不存在',
  not_found_desc: '此頁面不存在，或您的角色無權存取。',
  back_home: '返回首頁',
};

export default layoutZhHK;
