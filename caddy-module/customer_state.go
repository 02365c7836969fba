package shell

import (
	"bytes"
	"maps"
	"sync"

	"github.com/shellgate/shellgate/caddy-module/bundle"
	"github.com/shellgate/shellgate/caddy-module/customer"
	"github.com/shellgate/shellgate/caddy-module/rules"
	"github.com/shellgate/shellgate/caddy-module/shellstate"
)

// The customer's part of the shell state and of the private header's first HTML (DESIGN.md
// step 6), following the private header's contract (shell-ui/src/header/private:
// customerSlots.ts, customerGates.ts).

// fillCustomerState puts the device's flags, the customer block and the product access into
// p's state, and opens the private header's gates that the customer's facts hold.
func (h *Handler) fillCustomerState(vis *visit, p *page) {
	p.state.Flags = vis.flags(p.state.Locale)
	view := vis.customer
	if v := vis.visitor; view != nil && v.loggedIn() && v.session.ActingCustomerNumber != "" && view.BacNumber == v.session.ActingCustomerNumber {
		// An account switch, and the data shown is the account switched to (not the login's
		// own, as with the flag off): the state names both (account_switch.go).
		p.state.CustomerID, p.state.LoginCustomerID = view.BacNumber, v.session.CustomerNumber
	}
	if view == nil || rules.HeaderVariant(p.state.HeaderVariant) != rules.HeaderPrivate {
		return
	}
	c := view.Customer
	p.state.Customer = &c
	p.state.Redirect = vis.redirect
	p.state.Access = accessValuesOf(view, h.Customer.rt.hideFinance[c.DistributorID])
	on := maps.Clone(p.state.Flags)
	maps.Copy(on, customerFacts(&p.state))
	// Gated once here, with the facts; decorate's gating then finds the variant done.
	p.header = h.gated(p.header, on)
}

// Product access values beyond the deposit types, as the private header's gates name them.
const (
	accessPension          = "HAS_PENSION_PRODUCT"
	accessManagedPortfolio = "HAS_MANAGED_PORTFOLIO"
	accessMigratedRobo     = "HAS_MIGRATED_ROBO"
	// Crypto and the ETF configurator come from the product instances (customer/investments.go).
	accessCrypto           = "HAS_CRYPTO"
	accessETFConfigurator  = "HAS_ETF_CONFIGURATOR"
	accessTermProduct      = "term_product_access"
	accessOvernightProduct = "overnight_product_access"
	accessNoticeProduct    = "notice_product_access"
	// accessFinanceHidden hides the finance menu (hide_finance_for).
	accessFinanceHidden = "FINANCE_HIDDEN"
)

// accessValuesOf lists the customer's product access (spec 3, 6): deposit access, the offers
// the customer may open, and the investment and pension products.
func accessValuesOf(v *customer.View, financeHidden bool) []string {
	out := v.AccessValues()
	add := func(on bool, value string) {
		if on {
			out = append(out, value)
		}
	}
	add(v.ProductTypes.TermProductAccess, accessTermProduct)
	add(v.ProductTypes.OvernightProductAccess, accessOvernightProduct)
	add(v.ProductTypes.NoticeProductAccess, accessNoticeProduct)
	add(v.Products.Pension, accessPension)
	add(v.Products.ManagedPortfolio, accessManagedPortfolio)
	add(v.Products.MigratedRobo || v.Products.MigratedProducts, accessMigratedRobo)
	add(v.Products.Crypto, accessCrypto)
	add(v.Products.ETFConfigurator, accessETFConfigurator)
	add(financeHidden, accessFinanceHidden)
	return out
}

// customerFacts are the facts the private header's gates test, derived from the state as
// customerGates.ts derives them: true entries only.
func customerFacts(st *shellstate.State) map[string]bool {
	facts := map[string]bool{}
	add := func(key string, on bool) {
		if on && safeFactKey(key) {
			facts[key] = true
		}
	}
	for _, a := range st.Access {
		add("access:"+a, true)
	}
	c := st.Customer
	if c == nil {
		return facts
	}
	amounts := !c.BalanceIsNotAvailable && c.TotalBalance != nil && c.AvailableBalance != nil
	add("customer:balance", c.State == "ACTIVE")
	add("customer:balance-available", amounts)
	add("customer:total-negative", amounts && c.TotalBalance.IsNegative)
	add("customer:available-negative", amounts && c.AvailableBalance.IsNegative)
	add("customer:restricted", c.Restricted)
	add("customer:company", c.IsCompanyCustomer)
	add("customer:unread", c.ShowUnreadMessage)
	for _, id := range c.AccountIDs {
		switch id.ID {
		case "iban", "accountNumber", "sortCode":
			add("customer:id:"+id.ID, true)
		}
	}
	if c.DistributorID != "" {
		add("distributor:"+c.DistributorID, true)
	}
	return facts
}

// safeFactKey is customerGates.ts's safeKey: what the edge's condition parser accepts.
func safeFactKey(k string) bool {
	if k == "" {
		return false
	}
	for i := 0; i < len(k); i++ {
		c := k[i]
		if !(c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '_' || c == '.' || c == ':' || c == '-') {
			return false
		}
	}
	return true
}

// customerSlotPrefix starts every customer slot the prerender writes: [[shell:customer.NAME]].
const customerSlotPrefix = "[[shell:customer."

// customerSlotValues are the texts of the slots, as customerSlots.ts gives them.
func customerSlotValues(c *shellstate.Customer) map[string]string {
	m := map[string]string{"initials": c.Initials, "displayName": c.DisplayName}
	if c.TotalBalance != nil {
		m["total.label"], m["total.amount"] = c.TotalBalance.Label, c.TotalBalance.Amount
	}
	if c.AvailableBalance != nil {
		m["available.label"], m["available.amount"] = c.AvailableBalance.Label, c.AvailableBalance.Amount
	}
	if n := c.NotAvailableMessage; n != nil {
		m["notice.title"], m["notice.tooltip"] = n.Title, n.TooltipText
	}
	for _, id := range c.AccountIDs {
		if _, dup := m["id."+id.ID+".label"]; !dup {
			m["id."+id.ID+".label"], m["id."+id.ID+".display"] = id.Label, id.Display
		}
	}
	return m
}

// slotScratch holds fillCustomerSlots' copies of the header: one header's worth a page.
var slotScratch = sync.Pool{New: func() any { return new([]byte) }}

// fillCustomerSlots replaces the customer slots in buf[start:] by the customer's texts,
// written as the fragments are, markup and non-ASCII characters as numeric character
// references (bundle.AppendText): slots sit in text and in quoted attributes, and in pages
// of any ASCII-compatible charset. A
// slot without a value, or a page without a customer, gets "". The values are written after
// the fragment's own slots were filled, so a customer's text is never read as a slot.
func fillCustomerSlots(buf []byte, start int, c *shellstate.Customer) []byte {
	idx := bytes.Index(buf[start:], []byte(customerSlotPrefix))
	if idx < 0 {
		return buf
	}
	var values map[string]string
	if c != nil {
		values = customerSlotValues(c)
	}
	// Only the part from the first slot on is rewritten; it is read from a pooled copy
	// (the filled text is written over it in place, and may be longer).
	first := start + idx
	scratch := slotScratch.Get().(*[]byte)
	defer slotScratch.Put(scratch)
	src := append((*scratch)[:0], buf[first:]...)
	*scratch = src
	out := buf[:first]
	for {
		i := bytes.Index(src, []byte(customerSlotPrefix))
		if i < 0 {
			break
		}
		end := bytes.Index(src[i:], []byte("]]"))
		if end < 0 {
			break
		}
		name := string(src[i+len(customerSlotPrefix) : i+end])
		out = append(out, src[:i]...)
		out = bundle.AppendText(out, values[name])
		src = src[i+end+2:]
	}
	return append(out, src...)
}
