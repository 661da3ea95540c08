package adminapi

import (
	"pitlane/internal/account"
	"pitlane/internal/catalog"
)

// publicRoutes are the staff routes that name no company: sign-in, sign-out and who am I.
func (s *Server) publicRoutes() []publicRoute {
	return []publicRoute{
		{Pattern: "POST /api/users/adminLogin", handle: s.login},
		{Pattern: "POST /api/users/logout", handle: s.logout},
		{Pattern: "GET /api/users/me", handle: s.me},
		// My account of the settings dialog (account.go).
		{Pattern: "PUT /api/users/me", handle: s.updateMe},
		{Pattern: "POST /api/users/changePassword", handle: s.changePassword},
		// My account's sessions (access.go).
		{Pattern: "GET /api/users/me/sessions", handle: s.mySessions},
		{Pattern: "DELETE /api/users/me/sessions", handle: s.endMyOtherSessions},
		{Pattern: "DELETE /api/users/me/sessions/{sessionId}", handle: s.endMySession},
		// The second factor: the sign-in's second step and My account's enrolment (second_factor.go).
		{Pattern: "POST /api/users/adminLogin/second-factor", handle: s.secondStep},
		{Pattern: "GET /api/users/me/second-factor", handle: s.secondFactorStatus},
		{Pattern: "POST /api/users/me/second-factor/setup", handle: s.secondFactorSetup},
		{Pattern: "POST /api/users/me/second-factor/confirm", handle: s.secondFactorConfirm},
		{Pattern: "POST /api/users/me/second-factor/disable", handle: s.secondFactorDisable},
		// The invitation page (team.go): the token is the credential.
		{Pattern: "GET /api/invitations/{token}", handle: s.readInvitation, secret: true},
		{Pattern: "POST /api/invitations/{token}/accept", handle: s.acceptInvitation, secret: true},
		// Forgot password (reset.go): the request answers alike for every address; the link is the credential.
		{Pattern: "POST /api/users/forgot-password", handle: s.forgotPassword, secret: true},
		{Pattern: "GET /api/password-resets/{token}", handle: s.readPasswordReset, secret: true},
		{Pattern: "POST /api/password-resets/{token}", handle: s.completePasswordReset, secret: true},
	}
}

// assetRoutes serve content that is no staff data at all: the product images the booking pages show,
// public and content-addressed (catalog.go). They read nothing of any company but the bytes named.
func (s *Server) assetRoutes() []publicRoute {
	return []publicRoute{
		{Pattern: "GET /api/product/image/{name}", handle: s.productImage},
	}
}

// Routes is the staff API's route table: every company-scoped call of the back office. Each goes
// through the scope middleware (scope.go); the tenant test walks this table, so a route added here
// is checked for company isolation without anyone remembering to. MinRole is the least role a call
// needs (the role table: docs/architecture.md, "Roles"); a row without one needs ADMIN, so the counter's
// DESK role reaches only the rows that name it.
func (s *Server) Routes() []Route {
	return []Route{
		// Company header and audit log (auth.go).
		{Pattern: "GET /api/admin/company", MinRole: account.RoleDesk, Handler: s.company},
		{Pattern: "GET /api/admin/audit", Handler: s.audit},

		// Bookings (bookings.go).
		{Pattern: "POST /api/admin/retrieve-bookings", MinRole: account.RoleDesk, Handler: s.retrieveBookings},
		{Pattern: "GET /api/admin/export-bookings", Handler: s.exportBookings},
		{Pattern: "POST /api/admin/retrieveShoppingCartDetails", MinRole: account.RoleDesk, Handler: s.cartDetails},
		{Pattern: "GET /api/booking/master-data/{id}", MinRole: account.RoleDesk, Handler: s.bookingMasterData},
		{Pattern: "GET /api/private/member/{id}", MinRole: account.RoleDesk, Handler: s.member},
		{Pattern: "DELETE /api/private/cancelBooking/{id}", Handler: s.cancelBooking},
		// The booking details' actions (booking_actions.go).
		{Pattern: "POST /api/admin/cancel-booking", Handler: s.cancelBookingWithMoney},
		{Pattern: "POST /api/admin/resend-confirmation", MinRole: account.RoleDesk, Handler: s.resendConfirmation},
		{Pattern: "POST /api/admin/update-contact", MinRole: account.RoleDesk, Handler: s.updateContact},
		{Pattern: "GET /api/admin/move-choices", MinRole: account.RoleDesk, Handler: s.moveChoices},
		{Pattern: "POST /api/admin/move-booking", MinRole: account.RoleDesk, Handler: s.moveBooking},

		// Billing and refunds (billing.go).
		{Pattern: "POST /api/admin/retrieveBillingBetweenDates", Handler: s.retrieveBilling},
		{Pattern: "GET /api/admin/export-billing", Handler: s.exportBilling},
		{Pattern: "POST /api/payment/execute-refund", Handler: s.executeRefund},
		// Payments at the counter, their corrections and the day's cash-up (desk.go).
		{Pattern: "POST /api/admin/record-payment", MinRole: account.RoleDesk, Handler: s.recordPayment},
		{Pattern: "POST /api/admin/credit-lookup", MinRole: account.RoleDesk, Handler: s.creditLookup},
		{Pattern: "POST /api/admin/correct-payment", Handler: s.correctPayment},
		{Pattern: "GET /api/admin/cash-up", Handler: s.cashUp},
		// The counter's day: the Today view, arrival marks and the view's live signal (frontdesk.go).
		{Pattern: "GET /api/admin/today", MinRole: account.RoleDesk, Handler: s.today},
		{Pattern: "POST /api/admin/check-in", MinRole: account.RoleDesk, Handler: s.checkIn},
		{Pattern: "POST /api/admin/check-in-lookup", MinRole: account.RoleDesk, Handler: s.checkInLookup},
		{Pattern: "POST /api/admin/undo-check-in", MinRole: account.RoleDesk, Handler: s.undoCheckIn},
		{Pattern: "POST /api/admin/mark-no-show", MinRole: account.RoleDesk, Handler: s.markNoShow},
		{Pattern: "GET /api/admin/live", MinRole: account.RoleDesk, Handler: s.live},
		// The waiting list of a session, for whoever sees its bookings; its settings (waitlist.go).
		{Pattern: "GET /api/admin/waitlist", MinRole: account.RoleDesk, Handler: s.listWaitlist},
		{Pattern: "POST /api/admin/waitlist/offer", MinRole: account.RoleDesk, Handler: s.offerWaitlist},
		{Pattern: "DELETE /api/admin/waitlist/{id}", MinRole: account.RoleDesk, Handler: s.removeWaitlist},
		{Pattern: "GET /api/admin/waitlist/settings", Handler: s.waitlistSettings},
		{Pattern: "PUT /api/admin/waitlist/settings", Handler: s.saveWaitlistSettings},

		// KPIs (kpi.go).
		{Pattern: "POST /api/kpi/ticket/totalBilling", Handler: s.kpiTotalBilling},
		{Pattern: "GET /api/kpi/ticket", Handler: s.kpiTickets},
		{Pattern: "GET /api/kpi/ticket/average", Handler: s.kpiTicketAverage},
		{Pattern: "GET /api/kpi/member", Handler: s.kpiMembers},
		{Pattern: "GET /api/kpi/member/{kind}", Handler: s.kpiMembersByAge},
		{Pattern: "GET /api/kpi/participant", Handler: s.kpiParticipants},
		{Pattern: "GET /api/kpi/series", Handler: s.kpiSeries},
		{Pattern: "GET /api/kpi/waitlist", Handler: s.kpiWaitlist},

		// Catalogue: categories, products, packs and their images (catalog.go).
		{Pattern: "GET /api/group", Handler: s.listGroups},
		{Pattern: "POST /api/group/createGroup", Handler: s.saveGroup(true)},
		{Pattern: "PUT /api/group/updateGroup", Handler: s.saveGroup(false)},
		{Pattern: "DELETE /api/group/deleteGroup", Handler: s.deleteGroup},
		{Pattern: "GET /api/product/staff", Handler: s.listStaffProducts},
		{Pattern: "POST /api/product/createProduct", Handler: s.saveProduct(catalog.KindProduct, true)},
		{Pattern: "PUT /api/product/updateProduct", Handler: s.saveProduct(catalog.KindProduct, false)},
		{Pattern: "POST /api/product/createPack", Handler: s.saveProduct(catalog.KindPack, true)},
		{Pattern: "PUT /api/product/updatePack", Handler: s.saveProduct(catalog.KindPack, false)},
		{Pattern: "DELETE /api/product/deletePack", Handler: s.deleteProduct(catalog.KindPack)},
		{Pattern: "DELETE /api/product/deleteProduct", Handler: s.deleteProduct(catalog.KindProduct)},
		{Pattern: "POST /api/product/photo", Handler: s.uploadPhoto},
		// Events and advertising (events.go, publi.go).
		{Pattern: "POST /api/event/createFullEvent", MinRole: account.RoleSuperAdmin, Handler: s.createFullEvent},
		{Pattern: "POST /api/event/previewTemplate", MinRole: account.RoleSuperAdmin, Handler: s.previewTemplate},
		// The calendar's Edit: the event as the form edits it, and its save (events.go, issue 25).
		{Pattern: "GET /api/event/fullEvent", MinRole: account.RoleSuperAdmin, Handler: s.fullEvent},
		{Pattern: "POST /api/event/updateFullEvent", MinRole: account.RoleSuperAdmin, Handler: s.updateFullEvent},
		{Pattern: "POST /api/publi/photo", Handler: s.publiPhoto},
		{Pattern: "POST /api/company/updatePubli", Handler: s.updatePubli},
		// Settings dialog: booking settings and schedules (settings.go).
		{Pattern: "POST /api/admin/retrieveConfig", Handler: s.retrieveConfig},
		{Pattern: "POST /api/admin/retrieveVariantsAndCircuits", Handler: s.retrieveVariantsAndCircuits},
		{Pattern: "POST /api/admin/saveConfig", Handler: s.saveConfig},
		// The setup checklist above Today until the first booking (setup_checklist.go).
		{Pattern: "GET /api/admin/setup-checklist", Handler: s.setupChecklist},
		// Settings dialog: the company's terms and conditions (terms.go).
		{Pattern: "GET /api/admin/terms", Handler: s.listTerms},
		{Pattern: "PUT /api/admin/terms", Handler: s.saveTerms},
		{Pattern: "GET /api/admin/terms/starter", Handler: s.termsStarter},
		// Settings dialog: the SUPERADMIN's Company tab, and installations with their circuits (company_settings.go).
		{Pattern: "GET /api/admin/company-settings", MinRole: account.RoleSuperAdmin, Handler: s.companySettings},
		{Pattern: "PATCH /api/admin/company-settings", MinRole: account.RoleSuperAdmin, Handler: s.saveCompanySettings},
		{Pattern: "GET /api/admin/installations", Handler: s.listInstallations},
		{Pattern: "POST /api/admin/installations", Handler: s.createInstallation},
		{Pattern: "POST /api/admin/circuits", Handler: s.createCircuit},
		{Pattern: "PUT /api/admin/circuits", Handler: s.renameCircuit},
		// Settings dialog: the Team tab (team.go).
		{Pattern: "GET /api/admin/team", Handler: s.listTeam},
		{Pattern: "POST /api/admin/team/invitations", Handler: s.invite},
		{Pattern: "POST /api/admin/team/invitations/{id}/resend", Handler: s.resendInvitation},
		{Pattern: "DELETE /api/admin/team/invitations/{id}", Handler: s.revokeInvitation},
		{Pattern: "PUT /api/admin/team/members/{userId}/role", Handler: s.changeMember(account.OpRole)},
		{Pattern: "POST /api/admin/team/members/{userId}/disable", Handler: s.changeMember(account.OpDisable)},
		{Pattern: "POST /api/admin/team/members/{userId}/enable", Handler: s.changeMember(account.OpEnable)},
		{Pattern: "DELETE /api/admin/team/members/{userId}", Handler: s.changeMember(account.OpRemove)},
		// The Team tab: a member's sessions, and the company's personal API tokens (access.go).
		{Pattern: "GET /api/admin/team/members/{userId}/sessions", Handler: s.memberSessions},
		{Pattern: "DELETE /api/admin/team/members/{userId}/sessions", Handler: s.endMemberSessions},
		{Pattern: "DELETE /api/admin/team/members/{userId}/sessions/{sessionId}", Handler: s.endMemberSession},
		{Pattern: "GET /api/admin/api-tokens", Handler: s.listAPITokens},
		{Pattern: "POST /api/admin/api-tokens", Handler: s.createAPIToken},
		{Pattern: "DELETE /api/admin/api-tokens/{id}", Handler: s.revokeAPIToken},
		// The company's switch that requires a second factor of all its staff (second_factor.go).
		{Pattern: "GET /api/admin/team/second-factor", Handler: s.secondFactorRequired},
		{Pattern: "PUT /api/admin/team/second-factor", MinRole: account.RoleSuperAdmin, Handler: s.setSecondFactorRequired},
	}
}
