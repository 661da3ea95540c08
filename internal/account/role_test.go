package account

import "testing"

// The role table's order: DESK < ADMIN < SUPERADMIN; an unknown or empty role reaches nothing.
func TestRoleRanks(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		role, min Role
		want      bool
	}{
		{RoleDesk, RoleDesk, true},
		{RoleDesk, RoleAdmin, false},
		{RoleDesk, RoleSuperAdmin, false},
		{RoleAdmin, RoleDesk, true},
		{RoleAdmin, RoleAdmin, true},
		{RoleAdmin, RoleSuperAdmin, false},
		{RoleSuperAdmin, RoleDesk, true},
		{RoleSuperAdmin, RoleSuperAdmin, true},
		{"", RoleDesk, false},
		{"OWNER", RoleDesk, false},
	} {
		if got := c.role.AtLeast(c.min); got != c.want {
			t.Errorf("%q.AtLeast(%q) = %v, want %v", c.role, c.min, got, c.want)
		}
	}
}
