import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AbuseEventsModule } from '@app/abuse';
import { ClockModule } from '@app/common';
import { MembersModule } from '@app/members';
import { AdminGuard } from './admin.guard';
import { AuthAttempt } from './auth-attempt.entity';
import { AuthMaintenance } from './auth-maintenance';
import { AuthThrottle } from './auth-throttle';
import { CsrfGuard } from './csrf.guard';
import { LocalAuthGuard } from './local-auth.guard';
import { LoginService } from './login.service';
import { MemberSessionsListener } from './member-sessions.listener';
import { PgSessionStore } from './pg-session-store';
import { PreLoginCsrf } from './pre-login-csrf';
import { RegistrationGate, RegistrationService } from './registration.service';
import { SessionAuthGuard } from './session-auth.guard';
import { Session } from './session.entity';
import { SessionsService } from './sessions.service';

/** The services and guards that other modules use too, besides the session ones. */
const SHARED = [
  LoginService,
  RegistrationService,
  RegistrationGate,
  LocalAuthGuard,
  SessionAuthGuard,
  CsrfGuard,
  AdminGuard,
];

@Module({
  imports: [TypeOrmModule.forFeature([Session, AuthAttempt]), ClockModule, MembersModule, AbuseEventsModule],
  providers: [
    PgSessionStore,
    PreLoginCsrf,
    SessionsService,
    MemberSessionsListener,
    AuthThrottle,
    AuthMaintenance,
    ...SHARED,
  ],
  exports: [AuthThrottle, PgSessionStore, PreLoginCsrf, SessionsService, ...SHARED, MembersModule],
})
export class AuthModule {}
