import type { SessionUser } from "@/lib/auth/session";
import { Brand } from "./brand";
import { MenuButton } from "./shell-state";
import { UserMenu } from "./user-menu";
import { accountMenu, fullNameOf, initialsOf, readableTextOn, safeColor } from "./shell-utils";

/** The top bar: menu button (phones), the portal's name, and the account menu. Its wrapper keeps it sticky. */
export function Header({ user }: { user: SessionUser }) {
  const color = safeColor(user.profileColor);
  return (
    <header className="border-b border-slate-200 bg-white/95 backdrop-blur supports-[backdrop-filter]:bg-white/85">
      <div className="flex h-16 items-center gap-2 px-3 md:gap-4 md:px-6">
        <MenuButton />
        <Brand />
        <div className="ml-auto">
          <UserMenu
            initials={initialsOf(user)}
            color={color}
            textColor={readableTextOn(color)}
            name={fullNameOf(user).toUpperCase()}
            email={user.email}
            roleName={user.roleName}
            links={accountMenu(user)}
          />
        </div>
      </div>
    </header>
  );
}
