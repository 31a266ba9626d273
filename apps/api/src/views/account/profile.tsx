import { Field, LocalTime, Status, type StatusMessage, PostForm } from '../components';

export function ProfileSection({
  member,
  status,
}: {
  member: { email: string; plan: string; created_at: Date };
  status?: StatusMessage;
}) {
  return (
    <>
      <section class="card" aria-labelledby="profile-title">
        <h2 id="profile-title">Profile</h2>
        <dl class="facts">
          <dt>Email</dt>
          <dd id="profile-email">{member.email}</dd>
          <dt>Plan</dt>
          <dd>
            <span class="badge">{member.plan}</span>
          </dd>
          <dt>Member since</dt>
          <dd>
            <LocalTime value={member.created_at} />
          </dd>
        </dl>
      </section>
      <section class="card" aria-labelledby="password-title" id="password-card">
        <h2 id="password-title">Change password</h2>
        <p class="hint">This logs you out everywhere else.</p>
        <PostForm id="password-form" post="/dashboard/password" target="#password-form-status">
          <Field id="current-password" label="Current password">
            <input id="current-password" name="current_password" type="password" autocomplete="current-password" />
          </Field>
          <Field id="new-password" label="New password">
            <input
              id="new-password"
              name="new_password"
              type="password"
              autocomplete="new-password"
              minLength={8}
              maxLength={128}
            />
          </Field>
          <Status id="password-form" status={status} />
          <button type="submit">Change password</button>
        </PostForm>
      </section>
    </>
  );
}
