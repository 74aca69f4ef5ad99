import { defineMessages } from '../define';

/** The id catalog: the lookup on every resource page, the spotlight and the catalog page. Keys start "catalog.". */
export const catalogMessages = defineMessages({
  en: {
    'catalog.open': 'Open',
    'catalog.idRequired': 'Enter an id',
    'catalog.idHint': 'Paste an id from a URL, a log or a teammate. Ids you have seen are remembered here for this profile.',
    'catalog.pinned': 'Pinned',
    'catalog.recent': 'Recently seen',
    'catalog.empty': 'No ids seen yet for this profile.',
    'catalog.pin': 'Pin {id}',
    'catalog.unpin': 'Unpin {id}',
    'catalog.seenAt': 'Last seen {when}',
    'catalog.kind.knowledge': 'Knowledge base',
    'catalog.kind.dataset': 'Dataset',
    'catalog.kind.document': 'Document',
    'catalog.kind.conversation': 'Conversation',
    'catalog.kind.agent': 'Agent',
    'catalog.kind.space': 'Space',
  },
  zhCN: {
    'catalog.open': '打开',
    'catalog.idRequired': '请输入 ID',
    'catalog.idHint': '粘贴来自链接、日志或同事的 ID。此配置下见过的 ID 会记在这里。',
    'catalog.pinned': '已固定',
    'catalog.recent': '最近查看',
    'catalog.empty': '此配置下还没有见过任何 ID。',
    'catalog.pin': '固定 {id}',
    'catalog.unpin': '取消固定 {id}',
    'catalog.seenAt': '上次查看：{when}',
    'catalog.kind.knowledge': '知识库',
    'catalog.kind.dataset': '数据集',
    'catalog.kind.document': '文档',
    'catalog.kind.conversation': '会话',
    'catalog.kind.agent': '智能体',
    'catalog.kind.space': '空间',
  },
});
