import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ClockModule, commonConfig, CommonConfig, SecretCipherModule } from '@app/common';
import { Member } from './member.entity';
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
      inject: [commonConfig.KEY],
      useFactory: (config: CommonConfig) => {
        if (!config.PASSWORD_PEPPER) throw new Error('PASSWORD_PEPPER is not set');
        return new PasswordHasher(config.PASSWORD_PEPPER);
      },
    },
  ],
  exports: [MembersService, MemberSettingsService, PasswordHasher],
})
export class MembersModule {}
