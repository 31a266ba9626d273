import { Facts, Field, LocalTime, Status, type StatusMessage, PostForm } from '../components';
import { InputField } from '../forms';

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
        <Facts
          facts={[
            { term: 'Email', id: 'profile-email', value: member.email },
            { term: 'Plan', value: <span class="badge">{member.plan}</span> },
            { term: 'Member since', value: <LocalTime value={member.created_at} /> },
          ]}
        />
      </section>
      <section class="card" aria-labelledby="password-title" id="password-card">
        <h2 id="password-title">Change password</h2>
        <p class="hint">This logs you out everywhere else.</p>
        <PostForm id="password-form" post="/dashboard/password" target="#password-form-status">
          <Field id="current-password" label="Current password">
            <input id="current-password" name="current_password" type="password" autocomplete="current-password" />
          </Field>
          <InputField
            id="new-password"
            label="New password"
            name="new_password"
            type="password"
            autocomplete="new-password"
            minLength={8}
            maxLength={128}
          />
          <Status id="password-form" status={status} />
          <button type="submit">Change password</button>
        </PostForm>
      </section>
    </>
  );
}
