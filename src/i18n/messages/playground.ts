import { defineMessages } from '../define';

/** The playground area. Its page's owner adds keys here, always prefixed "playground.". */
export const playgroundMessages = defineMessages({
  en: {
    'playground.title': 'Playground',
    'playground.comingSoon': 'The playground is coming: send a message to a space and read the reply with its retrieved chunks and token usage, streamed or in one piece.',
    'playground.requestedId': 'Space id: {id}',
  },
  zhCN: {
    'playground.title': '调试台',
    'playground.comingSoon': '调试台即将推出：向空间发送消息，查看回复及其检索到的片段和令牌用量，支持流式或一次性返回。',
    'playground.requestedId': '空间 ID：{id}',
  },
});
