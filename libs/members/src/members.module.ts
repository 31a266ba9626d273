import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ClockModule } from '@app/common';
import { Member } from './member.entity';
import { SecretCipherModule } from './secret-cipher.module';
import { type MembersConfig, membersConfig } from './members.config';
import { MembersService } from './members.service';
import { PasswordHasher } from './password-hasher';
import { MemberSecret } from './settings/member-secret.entity';
import { MemberSettingsService } from './settings/member-settings.service';

@Module({
  imports: [TypeOrmModule.forFeature([Member, MemberSecret]), ClockModule, SecretCipherModule],
  providers: [
    MembersService,
    MemberSettingsService,
    {
      provide: PasswordHasher,
      inject: [membersConfig.KEY],
      useFactory: (config: MembersConfig) => {
        if (!config.PASSWORD_PEPPER) throw new Error('PASSWORD_PEPPER is not set');
        return new PasswordHasher(config.PASSWORD_PEPPER);
      },
    },
  ],
  exports: [MembersService, MemberSettingsService, PasswordHasher],
})
export class MembersModule {}
