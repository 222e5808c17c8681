import { useState } from 'react';
import { Button } from 'antd';
import { ScanOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { DepositRow } from '@/api/deposits';
import { useAccess } from '@/hooks/useAccess';
import type { ScreenExtras, ScreenState } from '@/pages/orders/orderKind';
import { PERMISSIONS } from '@/router/permissions';
import HashScanModal from './HashScanModal';

/** "Scan transaction hash" on the deposit list (401), for roles holding 40101. */
export function useHashScan({ chains, searchAgain }: ScreenState<DepositRow>): ScreenExtras<DepositRow> {
  const { t } = useTranslation();
  const { hasPermission } = useAccess();
  const [scanning, setScanning] = useState(false);
  if (!hasPermission(PERMISSIONS.hashScan)) return {};
  return {
    buttons: (
      <Button icon={<ScanOutlined />} onClick={() => setScanning(true)} data-testid="hash-scan-open">
        {t('hash_scan_button')}
      </Button>
    ),
    // New rows: read the list and the summary again (same filters, page 1).
    modals: <HashScanModal open={scanning} chains={chains} onClose={() => setScanning(false)} onCredited={searchAgain} />,
  };
}
