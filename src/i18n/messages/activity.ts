import { defineMessages } from '../define';

/** The activity area. Its page's owner adds keys here, always prefixed "activity.". */
export const activityMessages = defineMessages({
  en: {
    'activity.title': 'Activity',
    'activity.comingSoon': 'The activity page is coming: every request this console sends, with its status, duration, size, drift warnings and bodies (the token redacted).',
  },
  zhCN: {
    'activity.title': '请求日志',
    'activity.comingSoon': '请求日志页面即将推出：控制台发出的每个请求，包括状态、耗时、大小、结构偏差警告以及请求/响应内容（令牌已隐去）。',
  },
});
