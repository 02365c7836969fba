package customer_test

import (
	"context"
	"fmt"
	"log"

	"github.com/shellgate/shellgate/caddy-module/customer"
	"github.com/shellgate/shellgate/caddy-module/customer/customertest"
)

// The handler makes one Client at Provision and calls Load per logged-in page, with the
// session's access token, customer number and user id, and the page's locale.
func ExampleClient_Load() {
	api, err := customertest.NewServer("../../testdata/personas")
	if err != nil {
		log.Fatal(err)
	}
	defer api.Close()
	client, err := customer.New(customer.Options{BaseURL: api.BaseURL})
	if err != nil {
		log.Fatal(err)
	}
	view, err := client.Load(context.Background(), "DE5000006", "DE5000006", "user-6",
		customer.Flags{Locale: "de-DE", SwitchableAccounts: true})
	if err != nil {
		log.Fatal(err) // no customer data: the page gets the logo-only header
	}
	h := view.Customer
	fmt.Println(h.FullName, h.Initials, h.State, h.IsPendingActivation)
	fmt.Printf("%s %q, %s %q\n", h.TotalBalance.Label, h.TotalBalance.Amount, h.AvailableBalance.Label, h.AvailableBalance.Amount)
	fmt.Println(h.AccountIDs[0].Display, "copied as", h.AccountIDs[0].Copy)
	fmt.Println(view.AccessValues(), view.Redirect.HasReferenceIBAN, view.Redirect.DataValidity)
	// Output:
	// Lukas Neumann LN ACTIVE true
	// Gesamtsaldo "0,00\u00a0€", Verfügbar "5.000,00\u00a0€"
	// DE81 2004 1111 0005 0000 06 copied as DE81200411110005000006
	// [HAS_FIXED_DEPOSIT_ACCOUNT] true VALID
}
