import type { components, operations } from '../../src/api/schema.gen';

export type Learner = components['schemas']['Learner'];
export type LearnerSession = components['schemas']['LearnerSession'];
export type LearnerCredentials = operations['loginLearner']['requestBody']['content']['application/json'];
export type LearnerRegistration = operations['registerLearner']['requestBody']['content']['application/json'];

/** How a learner's session began (where to land) or ended (what the login page says). */
export type LearnerSessionOrigin = 'loggedIn' | 'registered';
export type LearnerSessionEnd = 'loggedOut' | 'expired';
