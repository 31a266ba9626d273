import { ConfirmDialog } from '../components';
import { type AdminMember, memberPath } from './console-shared';

/** One confirmed change of a member: a dialog saying what it does, and its form (JSON with htmx). */
function ChangeDialog({
  member,
  id,
  opener,
  title,
  consequence,
  change,
  confirm,
  danger,
}: {
  member: AdminMember;
  id: string;
  opener: string;
  title: string;
  consequence: string;
  change: Record<string, string>;
  confirm: string;
  danger?: boolean;
}) {
  return (
    <ConfirmDialog id={id} opener={opener} title={title} danger={danger}>
      <p>{consequence}</p>
      <form
        id={`${id}-form`}
        hx-post={memberPath(member.id)}
        hx-vals={JSON.stringify(change)}
        hx-select="#member-area"
        hx-target="#member-area"
        hx-swap="outerHTML"
      >
        <button type="submit" class={danger ? 'danger' : undefined}>
          {confirm}
        </button>
      </form>
    </ConfirmDialog>
  );
}

export function MemberActions({ member }: { member: AdminMember }) {
  const otherRole = member.role === 'admin' ? 'member' : 'admin';
  const otherPlan = member.plan === 'pro' ? 'free' : 'pro';
  return (
    <div class="actions" aria-label="Change this member" role="group">
      <ChangeDialog
        member={member}
        id="role-dialog"
        opener={member.role === 'admin' ? 'Remove admin role…' : 'Make admin…'}
        title={member.role === 'admin' ? 'Remove the admin role?' : 'Make this member an admin?'}
        consequence={
          member.role === 'admin'
            ? `${member.email} loses the admin console at once.`
            : `${member.email} gets the admin console: every member, the abuse log and bans.`
        }
        change={{ role: otherRole }}
        confirm={member.role === 'admin' ? 'Remove admin role' : 'Make admin'}
      />
      <ChangeDialog
        member={member}
        id="plan-dialog"
        opener={`Move to ${otherPlan}…`}
        title={`Move to the ${otherPlan} plan?`}
        consequence={
          otherPlan === 'pro'
            ? `${member.email} gets the Pro plan: custom domains and the Pro limits.`
            : `${member.email} goes back to the free plan: custom domains stop being used.`
        }
        change={{ plan: otherPlan }}
        confirm={`Move to ${otherPlan}`}
      />
      {member.disabled ? (
        <ChangeDialog
          member={member}
          id="disable-dialog"
          opener="Enable…"
          title="Enable this account?"
          consequence={`${member.email} can log in again; their API keys work again.`}
          change={{ disabled: 'false' }}
          confirm="Enable account"
        />
      ) : (
        <ChangeDialog
          member={member}
          id="disable-dialog"
          opener="Disable…"
          title="Disable this account?"
          consequence={`${member.email}'s API keys stop working at once and every session of theirs ends.`}
          change={{ disabled: 'true' }}
          confirm="Disable account"
          danger
        />
      )}
    </div>
  );
}
