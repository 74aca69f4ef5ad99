import { defineMessages } from '../define';

/** The conversations area. Its page's owner adds keys here, always prefixed "conversations.". */
export const conversationsMessages = defineMessages({
  en: {
    'conversations.title': 'Conversations',
    'conversations.comingSoon': 'Conversation pages are coming: open a conversation by id, rename it, change its agent or web search setting, and delete it.',
    'conversations.requestedId': 'Conversation id: {id}',
  },
  zhCN: {
    'conversations.title': '会话',
    'conversations.comingSoon': '会话页面即将推出：按 ID 打开会话，重命名、更换智能体或网络搜索设置，以及删除会话。',
    'conversations.requestedId': '会话 ID：{id}',
  },
});
