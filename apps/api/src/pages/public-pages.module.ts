import { Module } from '@nestjs/common';
import { AuthModule } from '@app/auth';
import { PublicPagesController } from './public-pages.controller';

/**
 * The pages before login: home, sign-up and log-in, and the session changes their forms make (sign up, log in,
 * log out), through the auth lib's guards, as `POST /account/register` and `/account/login` do.
 */
@Module({
  imports: [AuthModule],
  controllers: [PublicPagesController],
})
export class PublicPagesModule {}
