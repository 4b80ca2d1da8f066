import { queryOptions, useQuery } from '@tanstack/react-query';
import { OptionGroupListResponse } from '@coffee/contract';
import type { OptionGroup } from '@coffee/contract';
import { apiRequest } from '../../../lib/api-client';

/** GET /api/v1/option-groups: every option group staff defined, by name. */
export async function getOptionGroups(): Promise<OptionGroup[]> {
  const { data } = await apiRequest('/option-groups', { schema: OptionGroupListResponse });
  return data;
}

export const optionGroupsQueryOptions = () => queryOptions({ queryKey: ['option-groups'], queryFn: getOptionGroups });

export function useOptionGroups() {
  return useQuery(optionGroupsQueryOptions());
}
