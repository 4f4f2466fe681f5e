import { createFeatureI18n, type FeatureI18n } from '../../shared/i18n/feature-i18n.ts';
import { usersEnUS } from './locale/users-en-US.ts';
import { usersZhCN } from './locale/users-zh-CN.ts';

export type UsersMessageKey = keyof typeof usersZhCN;
export type UsersI18n = FeatureI18n<UsersMessageKey>;

export const useUsersI18n = createFeatureI18n<UsersMessageKey>(
  { 'zh-CN': usersZhCN, 'en-US': usersEnUS },
  'users.invalid',
);
