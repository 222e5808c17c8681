// Collect screens (menu 5): Fund collection's list of what waits, collection states.
const collect = {
  fund_collection: 'Fund collection',
  fund_collection_tip:
    'What each deposit address holds for collection per token: its credited deposits less what collections took. Automatic collection (Token › Token list › Collection settings) sweeps what is due to your cold addresses.',
  collect_credited: 'Credited',
  collect_collected: 'Collected',
  collect_waiting: 'Waiting',
  collect_due: 'Due',
  collect_due_yes: 'Due',
  collect_due_no: 'Below minimum',
  collect_due_tip: 'Due: the token is enabled and the amount waiting is at least its minimum collection amount.',
  collect_now: 'Collect now',
  collect_selected: '{{count}} selected',
  collect_now_confirm: 'Collect {{count}} addresses now?',
  collect_now_tip: 'Each address that waits at least its token’s minimum and has no collection open is collected to the cold addresses.',
  collect_now_limit: 'At most {{max}} addresses at once',
  collect_now_started: 'Collection started for {{count}} addresses',
  collect_now_none: 'Nothing to collect: the chosen addresses are below the minimum or already being collected',
  collection_status: 'Collection',
  collection_none: 'None open',
  collection_status_1: 'Collected',
  collection_status_2: 'Not collected',
  collection_status_3: 'Waiting for fee arrival',
  collection_status_4: 'Collection failed',
  collection_status_5: 'Waiting for energy transaction',
  collection_status_6: 'Energy collecting',
  collection_status_7: 'Waiting for collection',
};

export default collect;
