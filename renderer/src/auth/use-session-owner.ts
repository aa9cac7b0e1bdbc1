import { useState } from 'react';
import { useAuth } from './auth-context';

/**
 * What the page holds for a member (a conversation, a text being translated, a captions session) belongs to this
 * number: it moves when a known member gives way to another or to nobody, so nothing of theirs reaches the next;
 * it does not move when main first says who is signed in, so what was begun while that answer was on its way stays.
 */
export function useSessionOwner(): number {
  const { status } = useAuth();
  const member = status === null ? undefined : status.state === 'signed_in' ? status.email : null;
  const [owner, setOwner] = useState<{ readonly member: string | null | undefined; readonly count: number }>({ member: undefined, count: 0 });
  // Adjusting state while rendering (React's pattern for state that follows a prop): nothing stale is ever shown.
  if (member !== undefined && member !== owner.member) {
    setOwner({ member, count: owner.member === undefined ? owner.count : owner.count + 1 });
  }
  return owner.count;
}
