// DEPRECATED entry (issue 24 item 2): the untyped helpers and the hand-written query keys, left for mf-customer
// until its screens use the endpoint hooks (useEndpointQuery, useEndpointMutation, endpointKey). Delete with them.
export { apiRequest, getQueryFn, type UnauthorizedBehavior } from './untyped.ts';
export { queryKeys } from './queryKeys.ts';
