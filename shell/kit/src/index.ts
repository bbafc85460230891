// The kit's light entry: loaded with the shell, so it holds nothing heavy. Radix primitives, forms and the chat
// thread have their own entry points (@groupflow/shell-kit/dialog, /tabs, /select, /switch, /tooltip,
// /dropdown-menu, /form, /chat) and load only with the screens that import them.
//
// Every API call goes through an endpoint object of core/contracts: `useEndpointQuery`, `useEndpointMutation`,
// `usePagedList`, or `apiClient.call` outside components; the kit has no path-string helper.
export {
  HttpError,
  markStaffSignedIn,
  STAFF_LOGIN_PATH,
  STAFF_TOKEN_KEY,
  STAFF_USER_KEY,
  storeStaffToken,
  type HttpMethod,
} from './request.ts';
export { lazyScreen, type LazyScreen, type RemoteAppModule } from './lazyScreen.ts';
export { remoteApp, screensMismatch, type AreaScreens, type RemoteAppOptions, type RemoteRoute } from './remoteApp.tsx';
export { createQueryClient } from './queryClient.ts';
export {
  apiClient,
  endpointUrl,
  isStaffEndpoint,
  type CallArgs,
  type CallOptions,
  type EndpointRoute,
  type NeedsOptions,
} from './client.ts';
export { endpointKey, endpointPrefix, type InvalidationTarget, type KeyArgs } from './endpointKey.ts';
export {
  useApiCall,
  useEndpointMutation,
  useEndpointQuery,
  useUnauthorizedGuard,
  type Call,
  type EndpointArgs,
  type EndpointMutationOptions,
  type EndpointQueryOptions,
} from './endpointQuery.ts';
export { QueryView, type QueryLike, type QueryViewProps } from './QueryView.tsx';
export {
  primeSignedOutCustomer,
  RequireCustomer,
  useCurrentCustomer,
  useCustomer,
  type RequireCustomerProps,
} from './RequireCustomer.tsx';
export {
  describeError,
  errorCode,
  ErrorTextsProvider,
  serverMessage,
  useDescribeError,
  type ErrorTexts,
} from './errors.ts';
export {
  PagedListFooter,
  useDebouncedValue,
  usePagedList,
  type PagedEndpoint,
  type PagedList,
  type PagedListOptions,
  type PagedRow,
} from './pagedList.tsx';
export {
  clearStaffSession,
  isUnauthorized,
  may,
  parseStoredStaffUser,
  readStaffSession,
  hasStaffSession,
  storeStaffSession,
  useSessionExpired,
  useStaffSession,
  type StaffSession,
  type StoredStaffUser,
} from './staffSession.ts';
export { ToastContext, useToast, type ShowToast, type ToastInput, type ToastVariant } from './toast.tsx';
export { useEventStream, type StreamHandler } from './useEventStream.ts';
export {
  classifyResponse,
  installFetchDiagnostics,
  isConnectionIssue,
  mentionsFetch,
  onDiagnostic,
  onOpenDiagnostics,
  openDiagnostics,
  reportDiagnostic,
  type DiagnosticKind,
  type DiagnosticReport,
} from './diagnostics.ts';
export { Button, type ButtonProps, type ButtonVariant } from './ui/Button.tsx';
export { Card } from './ui/Card.tsx';
export { Badge, type BadgeTone } from './ui/Badge.tsx';
export { SampleLabel } from './ui/SampleLabel.tsx';
export { EmptyState, ErrorState, LoadingState, Skeleton } from './ui/states.tsx';
export { ProgressBar } from './ui/ProgressBar.tsx';
export { avatarUrl, UserAvatar } from './ui/UserAvatar.tsx';
export { FieldLayout, type FieldAria } from './ui/FieldLayout.tsx';
export { SearchBox } from './ui/SearchBox.tsx';
export { LOGOUT_PATH, LogoutForm, submitLogout } from './logout.tsx';
export { signedOutMessage, signedOutReason, signedOutState, type SignedOutState } from './signedOut.ts';
