import type { PartialCatalog } from '../catalog';

export const zh: PartialCatalog = {
  app: {
    skipToContent: '跳到内容',
    sections: '栏目',
  },
  common: {
    cancel: '取消',
    retry: '重试',
    loading: '正在加载…',
  },
  panes: {
    secretary: {
      title: '秘书',
      summary: '用简单的话询问你的 Zoho 邮箱：收到了什么、谁来的信、哪些需要回复。',
      upcoming: '邮箱秘书将在后续版本中推出。在此之前，请先在“设置”中配置你的 Gemini 密钥。',
    },
    oracle: {
      title: '知识问答',
      summary: '从团队知识库获取答案，并附上出处笔记的链接。',
      upcoming: '知识问答将在后续版本中推出。在此之前，请先在“设置”中配置你的 Gemini 密钥。',
    },
    assistant: {
      title: '助手',
      summary: '与 Gemini 助手对话，它会展示自己的每一步操作。',
      upcoming: '助手将在后续版本中推出。在此之前，请先在“设置”中配置你的 Gemini 密钥。',
    },
    voice: {
      title: '语音',
      summary: '开口提问，收听语音回答。',
      upcoming: '语音提问将在后续版本中推出。在此之前，请先在“设置”中配置你的 Gemini 密钥。',
    },
    translate: {
      title: '翻译',
      summary: '实时翻译文字、录音和会议。',
      upcoming: '翻译功能将在后续版本中推出。在此之前，请先在“设置”中配置你的 Gemini 密钥。',
    },
    settings: {
      title: '设置',
    },
  },
  upcoming: {
    openSettings: '打开设置',
  },
  settings: {
    apiKey: {
      heading: 'Gemini API 密钥',
      intro: 'Staff Desk 使用此密钥与 Google Gemini 通信。密钥保存在系统钥匙串中，不会再次显示。',
      label: 'API 密钥',
      save: '保存密钥',
      checking: '正在检查钥匙串…',
      configured: '已配置',
      notConfigured: '未配置',
      replace: '更换',
      remove: '移除',
      confirmRemove: '要从这台电脑上移除 Gemini 密钥吗？在添加新密钥之前，使用 Gemini 的功能将无法工作。',
      confirmRemoveAction: '移除密钥',
      empty: '保存前请输入或粘贴你的密钥。',
      saved: '密钥已保存在系统钥匙串中。',
      removed: '密钥已从这台电脑上移除。',
    },
    language: {
      heading: '语言',
      label: '界面语言',
      system: '跟随系统（{{name}}）',
      help: '“跟随系统”会使用你电脑的语言。',
    },
    about: {
      heading: '关于',
      version: '版本',
      dataPath: '数据文件夹',
    },
  },
};
