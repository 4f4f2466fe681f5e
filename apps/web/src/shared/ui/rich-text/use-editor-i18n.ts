import { createFeatureI18n } from '../../i18n/feature-i18n.ts';
import { editorEnUS } from './locale/en-US.ts';
import { editorZhCN } from './locale/zh-CN.ts';

export const useEditorI18n = createFeatureI18n<keyof typeof editorZhCN>({ 'zh-CN': editorZhCN, 'en-US': editorEnUS });
