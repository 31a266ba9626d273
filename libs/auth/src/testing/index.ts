/**
 * What only tests name of the auth library (not part of its door `@app/auth`): the session and login-attempt
 * clean-up they run by hand.
 */
export { AuthMaintenance } from '../auth-maintenance';
