import { defineMessages } from '../define';

/** The knowledge area. Its page's owner adds keys here, always prefixed "knowledge.". */
export const knowledgeMessages = defineMessages({
  en: {
    'knowledge.title': 'Knowledge bases',
    'knowledge.comingSoon': 'Knowledge base pages are coming: look up a knowledge base by id, see its settings and file count, and delete documents from it.',
    'knowledge.requestedId': 'Knowledge base id: {id}',
  },
  zhCN: {
    'knowledge.title': '知识库',
    'knowledge.comingSoon': '知识库页面即将推出：按 ID 查询知识库，查看其设置和文件数量，并从中删除文档。',
    'knowledge.requestedId': '知识库 ID：{id}',
  },
});
