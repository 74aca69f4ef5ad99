import { defineMessages } from '../define';

/** The documents area. Its page's owner adds keys here, always prefixed "documents.". */
export const documentsMessages = defineMessages({
  en: {
    'documents.title': 'Documents',
    'documents.comingSoon': 'Document pages are coming: look up a document by id and read its base info and full text.',
    'documents.requestedId': 'Document id: {id}',
  },
  zhCN: {
    'documents.title': '文档',
    'documents.comingSoon': '文档页面即将推出：按 ID 查询文档，查看其基本信息和全文。',
    'documents.requestedId': '文档 ID：{id}',
  },
});
