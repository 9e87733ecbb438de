/**
 * The social logins the embedded wallet offers, for the views that list them: a module of its own, so that those views
 * do not load the embedded wallet's controller with their list (it comes with the first login).
 */
export { SOCIAL_PROVIDERS, type SocialProvider } from '../../api/embedded-protocol.js';
