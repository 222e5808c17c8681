import { LinkOutlined } from '@ant-design/icons';
import TestCallback from './TestCallback';
import UrlSettingCard from './UrlSettingCard';
import { CALLBACK_URL } from './urlSettings';

/**
 * System › Callback's address card (804): where the signed callbacks go (`/secret` →
 * callbackUrl). Without one, callbacks wait; Set / Edit and the test callback need 80402.
 */
export default function CallbackUrlCard() {
  return <UrlSettingCard setting={CALLBACK_URL} icon={<LinkOutlined />} actions={<TestCallback />} />;
}
