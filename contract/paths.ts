/** Every API path, relative to the API base, as the SPA, the mocks and the server name them. */
export const apiPaths = {
  signIn: 'api/v1/auth/sign-in',
  signOut: 'api/v1/auth/sign-out',
  register: 'api/v1/auth/register',
  activate: 'api/v1/auth/activate',
  forgotPassword: 'api/v1/auth/forgot-password',
  verifyOtp: 'api/v1/auth/verify-otp',
  resetPassword: 'api/v1/auth/reset-password',
  me: 'api/v1/me',
  mePassword: 'api/v1/me/password',
  menuPrivileges: 'api/v1/menu/privileges',
  notifications: 'api/v1/notifications',
  notification: (id: number | string) => `api/v1/notifications/${id}`,
  complaints: 'api/v1/complaints',
  complaint: (id: number | string) => `api/v1/complaints/${id}`,
  typeOfOffences: 'api/v1/type-of-offences',
  files: 'api/v1/files',
} as const;
