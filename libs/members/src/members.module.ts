import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { Member } from './member.entity';
import { MembersService } from './members.service';
import { PasswordHasher } from './password-hasher';

@Module({
  imports: [TypeOrmModule.forFeature([Member])],
  providers: [MembersService, { provide: PasswordHasher, useFactory: () => new PasswordHasher() }],
  exports: [MembersService],
})
export class MembersModule {}
