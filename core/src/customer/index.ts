export * from './ports.ts';
export * from './requireCustomer.ts';
export * from './signInWithDiscord/signInWithDiscord.ts';
export * from './signInWithRoblox/signInWithRoblox.ts';
export * from './getUserProfile/getUserProfile.ts';
export * from './updateUserProfile/updateUserProfile.ts';
export * from './getCurrentCustomer/getCurrentCustomer.ts';
export * from './customerSessionLifetime/customerSessionLifetime.ts';
