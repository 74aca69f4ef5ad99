/**
 * Test support: a small bilingual corpus for the CJK retrieval tests (inline, so the demo can change freely).
 * Chinese documents in two datasets with different top_k / score_threshold, English ones in a third, one
 * Japanese document. Every Chinese document mentions 信标 (the product's Chinese name).
 */
export const CJK_TOKEN = 'cjk-token';

export const CJK_IDS = {
  datasetZh: '510000000000001',
  datasetZhStrict: '510000000000002',
  datasetEn: '510000000000003',
  docZhBattery: '710000000000001',
  docZhWifi: '710000000000002',
  docZhReturns: '710000000000003',
  docJaBattery: '710000000000004',
  docZhStrictBattery: '710000000000011',
  docZhStrictWifi: '710000000000012',
  docEnBattery: '710000000000021',
  docEnWifi: '710000000000022',
  /** zh + en datasets. */
  spaceBilingual: '201',
  /** Only the strict Chinese dataset (top_k 1, score_threshold 0.9). */
  spaceStrict: '202',
} as const;

const ZH_BATTERY = [
  '信标显示屏（Beacon Display）内置 3000 mAh 锂离子电池。在默认设置下，信标显示屏的电池充满电后可使用约 14 天。',
  '用随附的底座和 10 W USB-C 电源适配器充电，从没电到充满约需 4 小时。电量到 95% 时停止充电，低于 90% 才重新开始。',
].join('\n\n');
const ZH_WIFI = [
  '信标显示屏只支持 2.4 GHz 的无线网络。配对时请把手机靠近显示屏，并在应用中选择“添加设备”。',
  '配对模式会在 10 分钟后自动超时；超时后长按顶部按钮 3 秒即可重新进入配对模式。',
].join('\n\n');
const ZH_RETURNS = '购买信标套装后，自签收之日起 45 天内可以申请全额退款。退货时请附上所有配件和原包装。';
const JA_BATTERY = 'ビーコンのディスプレイの電池は、満充電で約14日間持ちます。充電には付属のドックを使ってください。';
const EN_BATTERY =
  'The Beacon Display has a built-in battery. On a full charge the Beacon Display battery lasts about 14 days with the default settings. Charging takes about 4 hours.';
const EN_WIFI = 'The Beacon Display joins 2.4 GHz Wi-Fi networks only. Pairing mode times out after 10 minutes.';

const knowledgeOf = (datasetId: string) => String(Number(datasetId) + 100000000000000);

export const CJK_FIXTURE = {
  tokens: [CJK_TOKEN],
  agents: [],
  datasets: [
    {
      dataset_id: CJK_IDS.datasetZh,
      name: '信标中文帮助',
      top_k: 2,
      score_threshold: 0.3,
      chunk_size: 256,
      chunk_overlap: 0,
    },
    {
      dataset_id: CJK_IDS.datasetZhStrict,
      name: '信标中文帮助（严格）',
      top_k: 1,
      score_threshold: 0.9,
      chunk_size: 256,
      chunk_overlap: 0,
    },
    {
      dataset_id: CJK_IDS.datasetEn,
      name: 'Beacon help',
      top_k: 3,
      score_threshold: 0.3,
      chunk_size: 256,
      chunk_overlap: 0,
    },
  ],
  knowledge: [CJK_IDS.datasetZh, CJK_IDS.datasetZhStrict, CJK_IDS.datasetEn].map((dataset_id) => ({
    knowledge_id: knowledgeOf(dataset_id),
    dataset_id,
    name: `KB ${dataset_id}`,
  })),
  documents: [
    {
      document_id: CJK_IDS.docZhBattery,
      knowledge_id: knowledgeOf(CJK_IDS.datasetZh),
      name: '电池与充电.md',
      text: ZH_BATTERY,
    },
    {
      document_id: CJK_IDS.docZhWifi,
      knowledge_id: knowledgeOf(CJK_IDS.datasetZh),
      name: '无线网络配对.md',
      text: ZH_WIFI,
    },
    {
      document_id: CJK_IDS.docZhReturns,
      knowledge_id: knowledgeOf(CJK_IDS.datasetZh),
      name: '退货与退款.md',
      text: ZH_RETURNS,
    },
    {
      document_id: CJK_IDS.docJaBattery,
      knowledge_id: knowledgeOf(CJK_IDS.datasetZh),
      name: 'バッテリー.md',
      text: JA_BATTERY,
    },
    {
      document_id: CJK_IDS.docZhStrictBattery,
      knowledge_id: knowledgeOf(CJK_IDS.datasetZhStrict),
      name: '电池与充电（副本）.md',
      text: ZH_BATTERY,
    },
    {
      document_id: CJK_IDS.docZhStrictWifi,
      knowledge_id: knowledgeOf(CJK_IDS.datasetZhStrict),
      name: '无线网络配对（副本）.md',
      text: ZH_WIFI,
    },
    {
      document_id: CJK_IDS.docEnBattery,
      knowledge_id: knowledgeOf(CJK_IDS.datasetEn),
      name: 'battery.md',
      text: EN_BATTERY,
    },
    { document_id: CJK_IDS.docEnWifi, knowledge_id: knowledgeOf(CJK_IDS.datasetEn), name: 'wifi.md', text: EN_WIFI },
  ],
  conversations: [],
  spaces: [
    { space_id: CJK_IDS.spaceBilingual, name: 'Bilingual', dataset_ids: [CJK_IDS.datasetZh, CJK_IDS.datasetEn] },
    { space_id: CJK_IDS.spaceStrict, name: 'Strict', dataset_ids: [CJK_IDS.datasetZhStrict] },
  ],
};
