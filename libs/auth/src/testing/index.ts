/**
 * What only tests name of the auth library (not part of its door `@app/auth`): the session and login-attempt
 * clean-up they run by hand, and the settings class (to change a setting for one test).
 */
export { AuthMaintenance } from '../auth-maintenance';
export { AuthConfig } from '../auth.config';
